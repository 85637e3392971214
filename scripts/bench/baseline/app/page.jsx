export const metadata = { title: 'Empty', description: 'The empty Next.js page the bench compares the site with.' };

export default function Page() {
  return (
    <main>
      <h1>Empty</h1>
    </main>
  );
}
