// Bare Node: the reference every service figure is measured against. A
// node:http server that answers every request with a small JSON body.
import { createServer } from 'node:http';

const port = Number(process.env.PORT);
const body = JSON.stringify({ hello: 'world' });
createServer((_request, response) => {
  response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
}).listen(port, '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
