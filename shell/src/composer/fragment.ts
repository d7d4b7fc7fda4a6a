// Asks a remote's renderer for a page's fragment, within a bounded time: a renderer that is down,
// slow, throwing or answering anything unexpected gives no fragment (the page is then rendered in the
// browser, as before server rendering), never an error page.
import { parseRenderedFragment, type RenderedFragment } from '@pupitre/mf-runtime';

export type FragmentOutcome = { kind: 'rendered'; fragment: RenderedFragment } | { kind: 'none'; reason: string };

export async function fetchFragment(rendererUrl: string, path: string, lang: string, timeoutMs: number): Promise<FragmentOutcome> {
  const url = `${rendererUrl}/render?${new URLSearchParams({ path, lang })}`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (response.status !== 200) {
      await response.body?.cancel();
      return { kind: 'none', reason: `renderer answered ${response.status}` };
    }
    const fragment = parseRenderedFragment(await response.json());
    return fragment ? { kind: 'rendered', fragment } : { kind: 'none', reason: 'renderer answered an unexpected body' };
  } catch (error) {
    const name = (error as Error).name;
    return { kind: 'none', reason: name === 'TimeoutError' ? `renderer slower than ${timeoutMs} ms` : `renderer unreachable (${name})` };
  }
}
