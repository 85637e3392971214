import { afterEach, describe, expect, it, vi } from 'vitest';
import { onRequestError } from './instrumentation';

describe('onRequestError (issue 30, item 11)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('logs an uncaught page error by its kind and route, never the message or the path a person typed', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
    const failed = Object.assign(
      new Error('Failed query: select * from interest_submissions where full_name ilike $1\nparams: %Chiamaka Obi%'),
      { digest: '2093817465' },
    );
    await onRequestError(
      failed,
      { path: '/admin?q=Chiamaka+Obi', method: 'GET', headers: { cookie: 'staff_session=secret' } },
      { routerKind: 'App Router', routePath: '/admin', routeType: 'render', revalidateReason: undefined },
    );
    const logged = lines.join('\n');
    expect(logged).toContain('[next] render /admin (digest 2093817465) failed');
    for (const personal of ['Chiamaka', 'Obi', 'q=', 'staff_session', 'ilike']) expect(logged).not.toContain(personal);
  });
});
