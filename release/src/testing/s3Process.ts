// An S3-compatible server in a process of its own (a test kills it mid-upload): tsx s3Process.ts
// <port> <directory>; prints `listening <port>` once the bucket is there. Its files stay in the
// directory, so that one started again on the same port and directory has what was uploaded.
import S3rver from 's3rver';
import { BUCKET } from './stores';

const [port = '0', directory] = process.argv.slice(2);
if (!directory) throw new Error('usage: s3Process.ts <port> <directory>');
const server = new S3rver({ port: Number(port), address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
const { port: bound } = (await server.run()) as unknown as { port: number };
console.log(`listening ${bound}`);
