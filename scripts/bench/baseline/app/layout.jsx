// The bench's baseline: the emptiest page Next.js can serve, built with the same version as the site.
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
