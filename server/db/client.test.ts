import { describe, expect, it } from "vitest";
import { browseConnection } from "./client";

describe("browseConnection", () => {
  it("starts browse connections with the planner settings", () => {
    expect(browseConnection("postgres://app@db.example/tradewinds")).toEqual({
      connectionString: "postgres://app@db.example/tradewinds",
      options: "-c join_collapse_limit=1 -c max_parallel_workers_per_gather=0",
    });
  });

  it("keeps the URL's own options, which would otherwise replace ours", () => {
    const { connectionString, options } = browseConnection(
      "postgres://app@localhost/tradewinds?host=/var/run/postgresql&options=-c%20search_path%3Dshop",
    );
    expect(connectionString).toBe(
      "postgres://app@localhost/tradewinds?host=%2Fvar%2Frun%2Fpostgresql",
    );
    expect(options).toBe(
      "-c search_path=shop -c join_collapse_limit=1 -c max_parallel_workers_per_gather=0",
    );
  });

  it("passes on a connection string that is not a URL untouched", () => {
    expect(browseConnection("host=/var/run/postgresql dbname=tradewinds")).toEqual({
      connectionString: "host=/var/run/postgresql dbname=tradewinds",
      options: "-c join_collapse_limit=1 -c max_parallel_workers_per_gather=0",
    });
  });
});
