// A table's connection (issue 20; issue 29, item 2): its messages in the page's language; the
// token travels as a subprotocol, never in the URL (proxies and logs keep URLs). When it drops
// (its server process died, or the table moved to another: code 4409), it reconnects by itself,
// sooner at first then at most every 5 s, each wait drawn at random so that a whole room does
// not come back at one instant; the table's view comes first on the new connection and the felt
// resumes from it. Closed for an exclusion from play (4451, RJO art. 39) it says why and stays
// closed.
import { session } from "./common.js";
import { current } from "./i18n.js";

export function tableConnection(id, { onEvent, onDrop, onBack, onExcluded }) {
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/tables/${id}/ws?lang=${current()}`;
  const protocols = session.token ? ["croupier", `bearer.${session.token}`] : ["croupier"];
  let socket = null;
  let closed = false;
  let tries = 0;
  function connect() {
    socket = new WebSocket(url, protocols);
    socket.addEventListener("message", (m) => {
      if (tries) { tries = 0; onBack(); }
      onEvent(JSON.parse(m.data));
    });
    socket.addEventListener("close", (shut) => {
      if (closed) return;
      if (shut.code === 4451) { closed = true; onExcluded(shut.reason); return; }
      tries += 1;
      onDrop();
      const wait = Math.min(5000, 250 * 2 ** Math.min(tries, 5)) * (0.5 + Math.random() / 2);
      setTimeout(connect, wait);
    });
  }
  connect();
  return () => { closed = true; if (socket) socket.close(); };
}
