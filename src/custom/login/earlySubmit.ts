/**
 * A Sign in pressed on /login's prerendered page before its code has taken the page over (the
 * card paints with the HTML, the scripts come after: custom/login/prerender.tsx): held, not lost
 * and not sent the browser's way, then sent through the page once it is live. A person (or a
 * password manager) who signs in at once is not made to press twice.
 */
let live = false;
let held: HTMLFormElement | null = null;

function holdIfNotLive(event: Event): void {
  if (live) return;
  // The browser's own submission would send the fields to /login itself: never.
  event.preventDefault();
  if (event.target instanceof HTMLFormElement) held = event.target;
}

/**
 * main.tsx, on a prerendered /login: from now on a submit waits for the page to be live. Returns
 * how to stop (tests; the page keeps it, and once live it lets every submit through).
 */
export function holdEarlySubmits(target: Document = document): () => void {
  live = false;
  held = null;
  target.addEventListener("submit", holdIfNotLive, true);
  return () => target.removeEventListener("submit", holdIfNotLive, true);
}

/** The page's own submit ran: nothing held is sent again. */
export function forgetHeldSubmit(): void {
  held = null;
}

/**
 * The sign-in page is drawn and its handlers attached: a held submit is sent again, after the
 * event that may have just brought it to life has run (React hydrates a page on a click and then
 * hands it that very click, which forgets the held one).
 */
export function loginFormLive(schedule: (task: () => void) => void = (task) => setTimeout(task, 0)): void {
  live = true;
  if (!held) return;
  schedule(() => {
    const form = held;
    held = null;
    if (form?.isConnected) form.requestSubmit();
  });
}
