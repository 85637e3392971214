// The production server's part of telling clients apart (docs/decisions/0304-client-address-from-the-socket.md).
// Plain JavaScript: server.mjs runs it before Next.js is loaded. src/lib/http/client.server.ts reads the result.

/**
 * X-Forwarded-For as this server passes it on: whatever arrived, then the address of the connection itself, as every
 * proxy does for the next hop. The last entry is therefore always the socket's: a client can write anything to the
 * left of it, but cannot move it. client.server.ts counts TRUST_PROXY entries back from it.
 *
 * @param {string | string[] | undefined} received the header as Node.js parsed it (duplicates joined by ", ")
 * @param {string | undefined} socketAddress `req.socket.remoteAddress` (undefined once the socket is gone)
 * @returns {string}
 */
export function withSocketHop(received, socketAddress) {
  const earlier = (Array.isArray(received) ? received.join(', ') : (received ?? ''))
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  return [...earlier, socketAddress || 'unknown'].join(', ');
}
