export declare const ports: Record<'shell' | 'mfe_marketing' | 'mfe_auth' | 'mfe_account' | 'service_user' | 'auth_emulator', number>;
export declare const remoteNames: string[];
export declare function firebaseProjectId(env: Record<string, string | undefined>): string;
export declare function remotesDocument(env?: Record<string, string | undefined>): object;
export declare function browserConfig(env?: Record<string, string | undefined>): object;
export declare function configScript(env?: Record<string, string | undefined>, overrides?: object): string;
