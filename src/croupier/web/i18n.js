// The page's language (issue 29, items 1-4; docs/translating.md): Portuguese (pt-PT),
// Traditional Chinese as used in Macau (zh-Hant) and English. The catalogue is the server's
// (/i18n/{language}.json, the same file its messages come from): a key is the English text
// (with {name} placeholders), or a term ("term:banker"). Chosen from the browser's preference
// by default, switchable at any time, remembered in this browser and, once signed in, for the
// player (PUT /me/language). Numbers, amounts, dates and times are written by Intl.

// a text marked for the catalogue where it is not yet shown (gettext's N_): shown later by t()
export const N_ = (key) => key;

export const LANGUAGES = { "pt-PT": "Português", "zh-Hant": "繁體中文", en: "English" };
const LOCALES = { "pt-PT": "pt-PT", "zh-Hant": "zh-Hant-MO", en: "en-GB" };
const KEY = "croupier-lang";
const TITLE = N_("croupier · online tables: baccarat, stud, blackjack");
let language = "en";
let catalogue = {};

// the language a tag names ("pt", "pt-BR", "zh-MO", "zh-TW", "en-US"), or null
export function languageOf(tag) {
  const t = String(tag || "").toLowerCase();
  if (t.startsWith("pt")) return "pt-PT";
  if (t.startsWith("zh")) return "zh-Hant";
  if (t.startsWith("en")) return "en";
  return null;
}

// the browser's preference: the first of its languages croupier speaks
export function preferred() {
  const saved = localStorage.getItem(KEY);
  if (saved && LANGUAGES[saved]) return saved;
  for (const tag of navigator.languages || [navigator.language]) {
    const found = languageOf(tag);
    if (found) return found;
  }
  return "en";
}

export const current = () => language;
export const locale = () => LOCALES[language];

// the catalogue of ``chosen`` loaded, and the page told its language
export async function useLanguage(chosen) {
  const next = LANGUAGES[chosen] ? chosen : "en";
  const response = await fetch(`/i18n/${next}.json`);
  catalogue = response.ok ? await response.json() : {};
  language = next;
  localStorage.setItem(KEY, next);
  document.documentElement.lang = next;
  document.title = t(TITLE);
  translatePage();
}

// ``key`` in the page's language, its {name} placeholders filled from ``params``
export function t(key, params = {}) {
  const text = catalogue[key] ?? key;
  return text.replace(/\{([a-z_][a-z0-9_]*)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// a term (a bet's kind, a decision, an outcome, a hand's category) in the page's language
export function term(name, fallback) {
  const found = catalogue[`term:${name}`];
  if (found !== undefined) return found;
  return fallback ?? String(name || "").replace(/_/g, " ");
}

// a number the locale's way
export const number = (value, digits = 0) => Number(value).toLocaleString(locale(), {
  minimumFractionDigits: digits, maximumFractionDigits: digits,
});

// a date and time the locale's way (ISO text or milliseconds)
export const dateTime = (value) => new Date(value).toLocaleString(locale(), { dateStyle: "medium", timeStyle: "short" });

// the static texts of the page (data-i18n="English text") in the page's language
export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll("[data-i18n-title]")) node.title = t(node.dataset.i18nTitle);
}

// the language menu of the top bar: switching redraws the page in the new language
export function languageMenu(onChange) {
  const select = document.createElement("select");
  select.id = "language";
  select.setAttribute("aria-label", "Language · Idioma · 語言");
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = name;
    select.append(option);
  }
  select.value = language;
  select.addEventListener("change", async () => {
    await useLanguage(select.value);
    onChange(select.value);
  });
  return select;
}
