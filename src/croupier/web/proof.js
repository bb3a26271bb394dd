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
      const listed = (shoe.document.match(/^players: (.+)$/m) || [null, ""])[1].split(" ").filter(Boolean);
      const given = await Promise.all((shoe.players || []).map((v) => sha256(hexBytes(v))));
      const ok = (await sha256(shoe.document)) === shoe.commitment
        && (await sha256(hexBytes(shoe.entropy))) === shoe.document.match(/entropy-sha256: ([0-9a-f]+)/)[1]
        && given.join(" ") === listed.join(" ");
      verdict.textContent = ok ? t("The document is the one committed to before the shoe, and the entropy is its own.")
        : t("The document or the entropy does not match the commitment.");
      verdict.className = `verdict ${ok ? "ok" : "bad"}`;
    });
    parts.push(el("pre", { class: "shoe-document", lang: "en" }, shoe.document),
      el("p", {}, t("Entropy:"), " ", el("code", {}, shoe.entropy)));
    if (shoe.players && shoe.players.length) {
      parts.push(el("p", {}, t("Players' values:"), " ", ...shoe.players.map((v) => el("code", {}, v, " "))));
    }
    parts.push(button, verdict);
  }
  return el("section", { class: "shoe-proof", "data-shoe": String(shoe.id) }, ...parts);
}

// A value of the player's own for the table's next shoe: 32 random bytes from the browser,
// committed by their SHA-256, then revealed; the next shuffle mixes them with the house's
// entropy, whose SHA-256 the table published before (docs/proof.md, players' values).
function giveValue(tableId, promised) {
  const status = el("p", { class: "verdict", role: "status" }, "");
  const button = el("button", { class: "secondary", type: "button", "data-give-value": "" }, t("Give the next shoe a value of your own"));
  button.addEventListener("click", async () => {
    const value = crypto.getRandomValues(new Uint8Array(32));
    const hex = [...value].map((b) => b.toString(16).padStart(2, "0")).join("");
    try {
      await api(`/tables/${tableId}/shoe-entropy`, { method: "POST", body: { commitment: await sha256(value) } });
      await api(`/tables/${tableId}/shoe-entropy`, { method: "POST", body: { value: hex } });
      status.textContent = t("Your value is in: the next shoe mixes it with the house's entropy, committed before as {hash}.", { hash: promised });
      status.className = "verdict ok";
      button.disabled = true;
    } catch (error) {
      status.textContent = error.message;
      status.className = "verdict bad";
    }
  });
  return el("section", { class: "players-entropy" }, button, status);
}

export async function shoeProof(tableId) {
  const [shoes, view] = await Promise.all([api(`/tables/${tableId}/shoes`), api(`/tables/${tableId}`)]);
  const given = view.players_entropy ? [giveValue(tableId, view.players_entropy.next_shoe_entropy_sha256)] : [];
  return [
    el("p", { class: "note" }, t("Save a revealed document to a file and run sha256sum on it: the digest is the commitment shown before the shoe's first card.")),
    ...given,
    ...(shoes.length ? shoes.slice(0, 5).map(shoeNode) : [el("p", {}, t("No shoe yet."))]),
  ];
}
