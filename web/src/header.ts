import { h, type JSX } from "preact";
import { LANGUAGES_SHOWN } from "../../src/shared/language";
import { lang, setLanguage, t } from "./i18n/index";

/**
 * The top bar of every page: the brand (to the lobby), the page's menu and
 * the language switch. A page passes its own menu items; features add
 * theirs to the list they pass (one place per page).
 */

export interface MenuItem {
  readonly id: string;
  readonly label: string;
  readonly href?: string;
  readonly download?: string;
  readonly newTab?: boolean;
  readonly onClick?: () => void;
}

export function languageSwitch(): JSX.Element {
  return h(
    "div",
    { class: "lang-switch", role: "group", "aria-label": t.language.label },
    LANGUAGES_SHOWN.map((l) =>
      h(
        "button",
        {
          key: l,
          type: "button",
          lang: l,
          class: "quiet",
          "aria-pressed": l === lang ? "true" : "false",
          "data-lang": l,
          onClick: () => void setLanguage(l),
        },
        l.toUpperCase(),
        // The name a screen reader says starts with the visible letters.
        h("span", { class: "visually-hidden" }, ` ${t.language[l]}`),
      ),
    ),
  );
}

/** A chosen item closes its menu. */
const closeMenu = (event: Event) => {
  const menu = (event.currentTarget as HTMLElement).closest("details");
  if (menu) menu.open = false;
};

function menuItem(item: MenuItem): JSX.Element {
  if (item.href)
    return h(
      "a",
      {
        key: item.id,
        id: item.id,
        href: item.href,
        download: item.download,
        target: item.newTab ? "_blank" : undefined,
        rel: item.newTab ? "noopener" : undefined,
        class: "menu-item",
        onClick: closeMenu,
      },
      item.label,
    );
  return h(
    "button",
    {
      key: item.id,
      id: item.id,
      type: "button",
      class: "menu-item quiet",
      onClick: (event: Event) => {
        closeMenu(event);
        item.onClick?.();
      },
    },
    item.label,
  );
}

export function header(options: { tagline?: boolean; connection?: JSX.Element | null; menu?: readonly MenuItem[] } = {}): JSX.Element {
  const menu = options.menu ?? [];
  return h(
    "header",
    { class: "top" },
    h("a", { href: "/", class: "brand" }, t.common.brand),
    options.tagline ? h("span", { class: "tagline" }, t.common.tagline) : null,
    h("span", { class: "spacer" }),
    options.connection ?? null,
    menu.length
      ? h(
          "details",
          { class: "page-menu", id: "page-menu" },
          h("summary", null, h("span", { "aria-hidden": "true" }, "☰ "), t.common.menu),
          h("nav", { "aria-label": t.common.menu }, menu.map(menuItem)),
        )
      : null,
    languageSwitch(),
  );
}
