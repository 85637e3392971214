export default function HomePage() {
  return <main><h1>Home</h1></main>;
}
