// The transport floor of one route: a node:http server that answers every
// request with the very bytes the service answered for it (status, headers,
// body), captured beforehand (bench/lib/floor.ts). What HTTP costs for that
// answer on this machine, with no work behind it.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const port = Number(process.env.PORT);
const { status, headers } = JSON.parse(readFileSync(process.env.HEADERS_FILE, 'utf8'));
const body = readFileSync(process.env.BODY_FILE);
createServer((request, response) => {
  // A request body is read and dropped, as the service reads it.
  request.resume();
  request.on('end', () => {
    response.writeHead(status, headers);
    response.end(body);
  });
}).listen(port, '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
