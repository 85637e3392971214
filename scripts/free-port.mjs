// Prints a free TCP port on 127.0.0.1 (used by the e2e and crash tests to start their own server).
import { createServer } from 'node:net';

const server = createServer();
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  server.close(() => process.stdout.write(String(port)));
});
