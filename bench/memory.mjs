// Memory under many distinct URLs: `clients` closed-loop clients (each asks again when answered)
// for `seconds`, signed in and as guests, asking for /deals with random search texts, pages,
// sorts, categories and stray query parameters, deal pages and the home page with random query
// strings, compressed as a browser asks. Anything a worker keeps per distinct URL or search
// (a cache without a bound) shows as RSS that grows. Each worker's RSS is read from
// /proc/<pid>/status (VmRSS) before, every second during (the peak) and after.
import { randomInt } from "node:crypto";
import fs from "node:fs";
import { get, keepAliveAgent } from "./open-loop.mjs";

/** VmRSS of a process in MB (1,000,000 bytes), or null if it is gone. */
export function rssMb(pid) {
  try {
    const kB = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kB ? (Number(kB) * 1024) / 1e6 : null;
  } catch {
    return null;
  }
}

const LETTERS = "אבגדהוזחטיכלמנסעפצקרשתםןףץךabcdefghijklmnopqrstuvwxyz0123456789";
const WORDS = ["עגבניות", "שרי", "תפוחים", "מלפפון", "בננה", "תות", "פטריות", "נענע", "avocado", "tomato"];
const SORTS = ["newest", "price_asc", "price_desc", "progress"];
const CATEGORIES = ["vegetables", "fruits", "herbs", "sprouts", "mushrooms"];
const QUICK = ["bulk", "under10", "popular"];
const pick = (list) => list[randomInt(list.length)];
/** Mostly the first few pages, now and then a deep one (the server shows at most 50). */
const page = () => String(randomInt(5) ? randomInt(1, 6) : randomInt(6, 61));
const randomText = (length) => Array.from({ length }, () => LETTERS[randomInt(LETTERS.length)]).join("");

/** A search text: a real word, a random one, a few words, or now and then a long one. */
function searchText() {
  const roll = randomInt(10);
  if (roll < 2) return `${pick(WORDS)} ${randomText(randomInt(1, 6))}`;
  if (roll < 8) return randomText(randomInt(2, 16));
  if (roll < 9) return Array.from({ length: randomInt(2, 5) }, () => randomText(randomInt(2, 9))).join(" ");
  return randomText(randomInt(80, 300));
}

/** One random URL path of the kinds above. */
export function randomPath(slugs) {
  const stray = () => `${randomText(randomInt(1, 8))}=${encodeURIComponent(randomText(randomInt(0, 24)))}`;
  const roll = randomInt(100);
  if (roll < 55) {
    const params = new URLSearchParams({ q: searchText() });
    if (randomInt(2)) params.set("sort", pick(SORTS));
    if (randomInt(3) === 0) params.set("category", pick(CATEGORIES));
    if (randomInt(3) === 0) params.set("page", page());
    return `/deals?${params}`;
  }
  if (roll < 80) {
    const params = new URLSearchParams({ sort: pick(SORTS), page: page() });
    if (randomInt(2)) params.set("category", pick(CATEGORIES));
    if (randomInt(3) === 0) params.set("quick", pick(QUICK));
    return `/deals?${params}&${stray()}`;
  }
  if (roll < 95) return `/deals/${encodeURIComponent(pick(slugs))}?${stray()}`;
  return `/?${stray()}`;
}

/**
 * Resolves with { before, after, peak } (MB per pid, in the order given), the requests, the
 * distinct paths asked and the answers by status.
 */
export async function memoryLoad({ origin, pids, cookies, slugs, clients = 16, seconds = 60, headers = {} }) {
  const before = pids.map(rssMb);
  const peak = [...before];
  const sampler = setInterval(() => pids.forEach((pid, i) => (peak[i] = Math.max(peak[i] ?? 0, rssMb(pid) ?? 0))), 1000);
  const agent = keepAliveAgent(clients);
  const statuses = {};
  const distinct = new Set();
  let requests = 0;
  const deadline = Date.now() + seconds * 1000;
  const client = async (index) => {
    // Half the clients signed in (taking turns over the cookies), half guests.
    const cookie = index % 2 ? cookies[Math.floor(index / 2) % cookies.length] : null;
    while (Date.now() < deadline) {
      const path = randomPath(slugs);
      distinct.add(path);
      let status;
      try {
        status = await get(`${origin}${path}`, { agent, headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) } });
      } catch (error) {
        status = error.code ?? "error";
      }
      statuses[status] = (statuses[status] ?? 0) + 1;
      requests += 1;
    }
  };
  try {
    await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  } finally {
    clearInterval(sampler);
    agent.destroy();
  }
  const after = pids.map(rssMb);
  after.forEach((mb, i) => (peak[i] = Math.max(peak[i] ?? 0, mb ?? 0)));
  return { pids, before, after, peak, requests, distinct: distinct.size, statuses, clients, seconds };
}
