// What the fakes of WhatsApp's Cloud API and Termii share (plain JavaScript: the bench imports them with Node.js).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/** The lowest port the kernel hands out for port 0 and outgoing connections (Linux; elsewhere its usual value). */
function ephemeralLow() {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

const bind = (server, port) =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(server.address().port);
    });
  });

/**
 * Listens on loopback at `port`, or, when it is 0, at a free port below the kernel's ephemeral range. A peer that plays
 * an outage comes back on its port, so the port must still be free then: one from the ephemeral range can be handed to
 * any other process meanwhile (a delivery test met EADDRINUSE so in CI), one below it only to a process that asks for it.
 */
export async function listenOnLoopback(server, port = 0) {
  if (port) return bind(server, port);
  const low = ephemeralLow();
  for (let tries = 0; ; tries++) {
    const candidate = 10_000 + Math.floor(Math.random() * Math.max(1, low - 10_000));
    try {
      return await bind(server, candidate);
    } catch (error) {
      if (error.code !== 'EADDRINUSE' || tries >= 50) throw error;
    }
  }
}

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
  const bound = await listenOnLoopback(server, port);
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
      await listenOnLoopback(server, bound);
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
