// The machine's ceiling for one page: a bare node:http server that answers every request with
// the exact bytes of our /deals HTML and its content-type, nothing else.
//   node bench/bare-server.mjs <body file> <content-type> <port>
import fs from "node:fs";
import http from "node:http";

const [bodyFile, contentType, port] = process.argv.slice(2);
const body = fs.readFileSync(bodyFile);

const server = http.createServer((req, res) => {
  res.writeHead(200, { "content-type": contentType, "content-length": body.length });
  res.end(body);
});
server.listen(Number(port), "127.0.0.1");
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
