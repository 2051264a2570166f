/**
 * Answers the server wrote into the page it served (server/modules/site/first-paint-results.ts: the
 * bare /listings' first page of results, which it also drew), by the address the app would ask
 * for them at. Each is taken once: the page's first read uses it instead of asking again, and any
 * later read of the same address (a refetch, coming back to the page) goes to the server.
 */
let answers: Map<string, unknown> | null = null;

function read(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const block = typeof document === "undefined" ? null : document.getElementById("served-answers");
  if (block?.textContent) {
    try {
      for (const [url, answer] of Object.entries(JSON.parse(block.textContent))) {
        answers.set(url, answer);
      }
    } catch {
      // A page whose block does not parse asks for everything itself.
    }
  }
  return answers;
}

/** The answer served with the page for this GET address, once; undefined when there is none. */
export function takeServedAnswer(url: string): unknown {
  const served = read();
  const answer = served.get(url);
  served.delete(url);
  return answer;
}
