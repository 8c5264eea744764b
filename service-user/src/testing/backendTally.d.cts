// Types of backendTally.cjs, for its test.
export type Backend = 'pglite' | 'postgres';
export interface Tally {
  pglite: number;
  postgres: number;
  other: number;
}
export declare function backendOf(ancestorTitles: string[]): Backend | null;
export declare function tallyTests(testResults: { ancestorTitles: string[]; status: string }[]): Tally;
export declare function describeTally(tally: Tally, options: { databaseUrl: boolean }): string;
export declare function missingBackends(tally: Partial<Tally> | null | undefined, required: string[]): string[];
export declare function checkTallyFile(file: string, required: string[], output?: { out?: (line: string) => void; err?: (line: string) => void }): 0 | 1;
