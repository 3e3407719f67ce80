// An open-loop load generator: shoppers who do not wait for one another. Requests arrive at
// random (a Poisson process: exponential gaps) at `rate` a second on average, whatever the
// server's answers do, and each latency runs from the moment the request was due, so a server
// (or a generator) that falls behind shows it. autocannon cannot do this: its connections wait
// for their answers (a closed loop), and its rate limit sends each second's share in a burst.
// Loopback only; bounded by `seconds` and `maxRequests`.
import http from "node:http";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** A kept-alive agent whose idle sockets go well before the server drops them (keepAliveTimeout). */
export const keepAliveAgent = (maxSockets = 256) => new http.Agent({ keepAlive: true, maxSockets, timeout: 4_000 });

/** GET `url`, the body read and dropped; resolves with the status, or throws (code "ETIMEDOUT"). */
export function get(url, { agent, headers = {}, timeoutMs = 10_000 }) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers, timeout: timeoutMs }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode));
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })));
    request.on("error", reject);
  });
}

const percentile = (sorted, share) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] : null);

/**
 * Resolves with { rate, seconds, requests, rps, p50, p99, max (ms from the due moment), non2xx,
 * errors, errorCodes, timeouts, sendLagP99 (ms the generator itself sent late, at p99) }.
 */
export async function openLoop({ url, rate, seconds, headers = {}, maxRequests = Math.ceil(rate * seconds * 1.5) + 100, timeoutMs = 10_000 }) {
  const { hostname } = new URL(url);
  if (!LOOPBACK.has(hostname)) throw new Error(`open loop: loopback only, not ${hostname}`);
  if (!(rate > 0) || !(seconds > 0)) throw new Error("open loop: rate and seconds must be positive");
  const agent = keepAliveAgent();
  const latencies = [];
  const lags = [];
  const errorCodes = new Set();
  let [non2xx, errors, timeouts] = [0, 0, 0];
  const send = async (due) => {
    lags.push(performance.now() - due);
    try {
      const status = await get(url, { agent, headers, timeoutMs });
      if (status < 200 || status > 299) non2xx += 1;
      latencies.push(performance.now() - due);
    } catch (error) {
      if (error.code === "ETIMEDOUT") timeouts += 1;
      else {
        errors += 1;
        errorCodes.add(error.code ?? error.message);
      }
    }
  };
  const started = performance.now();
  const end = started + seconds * 1000;
  const pending = [];
  let due = started;
  while ((due += -Math.log(1 - Math.random()) * (1000 / rate)) < end && pending.length < maxRequests) {
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(send(due));
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  const ms = (value) => (value == null ? null : Math.round(value * 10) / 10);
  return {
    url,
    rate,
    seconds,
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: ms(percentile(latencies, 0.5)),
    p99: ms(percentile(latencies, 0.99)),
    max: ms(latencies.at(-1)),
    non2xx,
    errors,
    errorCodes: [...errorCodes],
    timeouts,
    sendLagP99: ms(percentile(lags, 0.99)),
  };
}
