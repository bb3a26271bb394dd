// The browser client: lobby and router. Plain ES modules, no build step (issue 8).
import { api, session, formatMoney, el, clear } from "./common.js";
import { languageMenu, preferred, t, useLanguage } from "./i18n.js";
import { openAccount } from "./account.js";
import { openTable } from "./table.js";
import { lobby } from "./lobby.js";

const app = document.getElementById("app");
let leaveCurrent = null;

async function refreshHeader() {
  const who = document.getElementById("who");
  const balance = document.getElementById("balance");
  const badge = document.getElementById("demo-badge");
  const logout = document.getElementById("logout");
  const account = document.getElementById("account");
  account.hidden = true;
  if (!session.token) {
    who.textContent = "";
    balance.textContent = "";
    badge.hidden = true;
    logout.hidden = true;
    return;
  }
  try {
    const me = await api("/me");
    session.me = me;
    // the player's own language, remembered for them, wins over this browser's (issue 29)
    if (me.language && me.language !== document.documentElement.lang) {
      await useLanguage(me.language);
      document.getElementById("language").value = me.language;
    }
    who.textContent = me.name;
    const parts = Object.entries(me.balances).map(([cur, v]) => formatMoney(v, cur));
    balance.textContent = parts.join(" · ");
    balance.dataset.amounts = JSON.stringify(me.balances);
    badge.hidden = !me.demo;
    account.hidden = me.demo; // a real-money player's limits, breaks and statement (issue 29)
    logout.hidden = false;
  } catch (error) {
    session.forget();
    refreshHeader();
  }
}
session.onChange = refreshHeader;

document.getElementById("logout").addEventListener("click", () => {
  session.forget();
  location.hash = "#/";
  route();
});

document.getElementById("account").addEventListener("click", () => {
  const dialog = document.getElementById("account-panel");
  openAccount(dialog, { onExcluded: () => { dialog.close(); location.hash = "#/"; route(); } })
    .catch((error) => { dialog.replaceChildren(error.message); });
});

function signInPanel() {
  const name = el("input", { id: "demo-name", placeholder: t("your name"), maxlength: "40", required: "" });
  const token = el("input", { id: "token", placeholder: t("player token"), autocomplete: "off" });
  const demoForm = el("form", { class: "signin" },
    el("label", { for: "demo-name" }, t("Play the demo (points, never money):")),
    name,
    el("button", { type: "submit", id: "play-demo" }, t("Play demo")));
  demoForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const made = await api("/demo/players", { method: "POST", body: { name: name.value.trim() } });
      session.remember(made.token);
      route();
    } catch (error) {
      demoForm.append(el("p", { class: "error", role: "alert" }, error.message));
    }
  });
  const tokenForm = el("form", { class: "signin" },
    el("label", { for: "token" }, t("Or sign in with your token:")),
    token,
    el("button", { type: "submit" }, t("Sign in")));
  tokenForm.addEventListener("submit", (event) => {
    event.preventDefault();
    session.remember(token.value.trim());
    route();
  });
  return el("section", { class: "panel" }, demoForm, tokenForm);
}

// one view at a time: a navigation waits until the one before it has drawn (and is left),
// so quick clicks never draw two views side by side
let routing = Promise.resolve();
function route() {
  routing = routing.then(draw, draw);
  return routing;
}

async function draw() {
  if (leaveCurrent) {
    leaveCurrent();
    leaveCurrent = null;
  }
  await refreshHeader();
  const match = location.hash.match(/^#\/table\/(\d+)(\/watch)?/);
  if (match) {
    const watch = Boolean(match[2]) || !session.token;
    leaveCurrent = await openTable(app, Number(match[1]), { watch, refreshHeader });
  } else {
    document.getElementById("regulation").textContent = t("Each table plays by its own regulation (see its Rules)");
    clear(app);
    leaveCurrent = await lobby(app, signInPanel);
  }
  app.focus();
}

window.addEventListener("hashchange", route);

// the page's language first (the browser's preference, or the one chosen here before), then
// the page; a switch redraws the view and, signed in, is remembered for the player
async function start() {
  await useLanguage(preferred());
  document.getElementById("language-slot").replaceChildren(languageMenu(async (chosen) => {
    if (session.token) {
      try { await api("/me/language", { method: "PUT", body: { language: chosen } }); } catch (error) { /* kept here */ }
    }
    route();
  }));
  route();
}
start();
