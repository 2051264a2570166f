import * as harness from "./harness";
const app = await harness.startApp({ name: "x", databaseUrl: "postgres://postgres@localhost/tw_bench_search?host=/var/run/postgresql", dataDir: "/tmp/h32search-dd2", softCloseMinutes: 2, poolSize: 12 });
for (const url of ["/api/home", "/api/home?territory=jamaica"]) {
  const r = await fetch(`http://127.0.0.1:${app.port}${url}`);
  console.log(url, r.status, (await r.text()).slice(0, 400));
}
await app.stop();
