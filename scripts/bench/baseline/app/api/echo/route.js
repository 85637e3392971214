// The framework's floor for a JSON POST: parse the body, answer 201 with a small JSON object, nothing else.
export async function POST(request) {
  const body = await request.json();
  return Response.json({ ok: true, id: typeof body.email === 'string' ? body.email : null }, { status: 201 });
}
