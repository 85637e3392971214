/**
 * Whether a browser's push subscription was made for the site's current VAPID public key (base64url, as Your account
 * hands it to the page). After the key was lost and replaced (src/lib/push/vapid.server.ts) the browser still holds a
 * subscription for the old one, which gets no alerts: the switch must then show alerts off. Browser-safe.
 */
export function madeForKey(applicationServerKey: ArrayBuffer | null | undefined, publicKey: string): boolean {
  if (!applicationServerKey) return false;
  const held = new Uint8Array(applicationServerKey);
  const wanted = fromBase64Url(publicKey);
  return held.length === wanted.length && held.every((byte, i) => byte === wanted[i]);
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(
    text
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '='),
  );
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
