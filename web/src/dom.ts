/** A few DOM helpers: the client builds its pages with plain DOM, no framework. */

type Child = Node | string | number | null | undefined | false | readonly Child[];
type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;

/**
 * Creates an element: `h("button", { class: "x", onclick: fn, disabled: true }, "Text")`.
 * Attributes whose value is false, null or undefined are left out; `on*` are listeners.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs | null = null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [name, value] of Object.entries(attrs)) {
      if (value === false || value === null || value === undefined) continue;
      if (name.startsWith("on") && typeof value === "function") el.addEventListener(name.slice(2), value);
      else if (name === "value" && "value" in el) (el as HTMLInputElement).value = String(value);
      else el.setAttribute(name, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

export function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
    else parent.appendChild(typeof child === "object" ? (child as Node) : document.createTextNode(String(child)));
  }
}

/** Replaces everything inside `parent`, keeping the focus on the element with the same `data-focus` key. */
export function replaceChildren(parent: HTMLElement, ...children: Child[]): void {
  const active = document.activeElement as HTMLElement | null;
  const key = active && parent.contains(active) ? active.dataset.focus : undefined;
  parent.replaceChildren();
  append(parent, children);
  if (key) {
    const again = parent.querySelector<HTMLElement>(`[data-focus="${CSS.escape(key)}"]`);
    again?.focus({ preventScroll: true });
  }
}

/** Copies text to the clipboard, also where the Clipboard API is missing (plain http). */
export async function copyText(text: string, from?: HTMLInputElement): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!from) return false;
    from.select();
    return document.execCommand("copy");
  }
}

/** Random bytes as base64url (no padding). Works without a secure context. */
export function randomId(bytes = 16): string {
  const data = crypto.getRandomValues(new Uint8Array(bytes));
  let text = "";
  for (const b of data) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
