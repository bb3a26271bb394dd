// A table's shoes and their proof (issue 28, item 1; docs/proof.md): each shoe's commitment,
// published before its first card; once the shoe has ended, the document it committed to and
// the entropy that derives its order, which the page checks against the commitment with the
// browser's own SHA-256 (and a player can with sha256sum).
import { api, el } from "./common.js";
import { dateTime, t } from "./i18n.js";

async function sha256(text) {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const hexBytes = (hex) => new Uint8Array(hex.match(/../g).map((h) => parseInt(h, 16)));

function shoeNode(shoe) {
  const head = el("p", {}, el("strong", {}, t("Shoe {id}", { id: shoe.id })), " · ",
    shoe.state === "ended" ? t("ended {when}", { when: dateTime(shoe.ended_at) }) : t("in play: its order is revealed when it ends"));
  const parts = [head, el("p", { class: "commitment" }, t("Commitment (SHA-256):"), " ", el("code", {}, shoe.commitment))];
  if (shoe.document) {
    const verdict = el("p", { class: "verdict", role: "status", "data-shoe": String(shoe.id) }, "");
    const button = el("button", { class: "secondary", type: "button", "data-check": String(shoe.id) }, t("Check this shoe"));
    button.addEventListener("click", async () => {
      const ok = (await sha256(shoe.document)) === shoe.commitment
        && (await sha256(hexBytes(shoe.entropy))) === shoe.document.match(/entropy-sha256: ([0-9a-f]+)/)[1];
      verdict.textContent = ok ? t("The document is the one committed to before the shoe, and the entropy is its own.")
        : t("The document or the entropy does not match the commitment.");
      verdict.className = `verdict ${ok ? "ok" : "bad"}`;
    });
    parts.push(el("pre", { class: "shoe-document", lang: "en" }, shoe.document),
      el("p", {}, t("Entropy:"), " ", el("code", {}, shoe.entropy)), button, verdict);
  }
  return el("section", { class: "shoe-proof", "data-shoe": String(shoe.id) }, ...parts);
}

export async function shoeProof(tableId) {
  const shoes = await api(`/tables/${tableId}/shoes`);
  return [
    el("p", { class: "note" }, t("Save a revealed document to a file and run sha256sum on it: the digest is the commitment shown before the shoe's first card.")),
    ...(shoes.length ? shoes.slice(0, 5).map(shoeNode) : [el("p", {}, t("No shoe yet."))]),
  ];
}
