import { ref } from 'vue';
import { problem } from './api.ts';

/**
 * A page's actions (refund, retry, cancel…): one at a time (`busy`), confirmed first when asked,
 * the API's refusal shown as it is (`error`), what was done said (`notice`), and the page read
 * again (`reload`) after each.
 */
export function useActions(reload: () => Promise<void>) {
  const busy = ref(false);
  const error = ref<string | null>(null);
  const notice = ref<string | null>(null);
  async function act(what: string, run: () => Promise<unknown>, confirmText?: string): Promise<void> {
    if (confirmText && !window.confirm(confirmText)) return;
    busy.value = true;
    error.value = null;
    notice.value = null;
    try {
      await run();
      notice.value = what;
      await reload();
    } catch (err) {
      error.value = problem(err);
    } finally {
      busy.value = false;
    }
  }
  return { busy, error, notice, act };
}
