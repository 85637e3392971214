/**
 * Whether a browser's push subscription was made for the site's current VAPID public key (base64url, as Your account
 * hands it to the page). After the key was lost and replaced (src/lib/push/vapid.server.ts) the browser still holds a
 * subscription for the old one, which gets no alerts: the switch must then show alerts off. Browser-safe.
 */
export function madeForKey(applicationServerKey: ArrayBuffer | null | undefined, publicKey: string): boolean {
  // A browser that does not say which key its subscription was made for: kept, as a working one would be. Its
  // server-side row went with the lost key, so Your account's list of devices still shows it off.
  if (!applicationServerKey) return true;
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
