// What the fakes of WhatsApp's Cloud API and Termii share (plain JavaScript: the bench imports them with Node.js).
import { createServer } from 'node:http';

/**
 * A local HTTP server whose requests arrive with their whole body, which can go down (connection refused) and come
 * back on its port (`port`: a given one, or any free one).
 */
export async function startLocalHttpPeer(handle, port = 0) {
  const make = () =>
    createServer((req, res) => {
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
    });
  let server = make();
  const listen = (port) => new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server.address().port)));
  const bound = await listen(port);
  let running = true;
  return {
    port: bound,
    down: async () => {
      if (!running) return;
      running = false;
      await new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    up: async () => {
      if (running) return;
      server = make();
      await listen(bound);
      running = true;
    },
  };
}

/** A set of phone numbers that takes them with or without the plus (or any spacing): the fakes' lists of numbers. */
export function phoneNumberSet() {
  const set = new Set();
  const digitsOf = (number) => number.replace(/\D/g, '');
  const add = set.add.bind(set);
  const has = set.has.bind(set);
  const remove = set.delete.bind(set);
  set.add = (number) => add(digitsOf(number));
  set.has = (number) => has(digitsOf(number));
  set.delete = (number) => remove(digitsOf(number));
  return set;
}
