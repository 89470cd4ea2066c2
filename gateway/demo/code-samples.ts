/**
 * Typical code in the languages agents answer with, for the code-heavy bench answer
 * (`/demo bench-code`) and the highlighter comparison (bench/highlight/run.ts). Each sample is a
 * plausible snippet of about 1 kB; `codeSample` repeats it to any length.
 */

/** One snippet per language (keys are fence info strings). */
export const SAMPLES: Readonly<Record<string, string>> = {
	python: `import json
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Settings:
    """Settings read from a JSON file, with defaults."""

    name: str = "iris"
    retries: int = 3
    tags: list[str] = field(default_factory=list)

    @classmethod
    def load(cls, path: Path) -> "Settings":
        if not path.exists():
            return cls()
        data = json.loads(path.read_text(encoding="utf-8"))
        return cls(**{k: v for k, v in data.items() if k in cls.__annotations__})


def retry(fn, attempts: int = 3):
    last = None
    for i in range(attempts):
        try:
            return fn()
        except OSError as e:  # transient
            last = e
            print(f"attempt {i + 1} failed: {e!r}")
    raise RuntimeError("gave up") from last
`,
	typescript: `import { readFile } from 'node:fs/promises';

/** A parsed entry of the log, with its time in ms. */
export interface Entry {
	at: number;
	level: 'info' | 'warn' | 'error';
	message: string;
}

const LINE = /^(\\d+) (info|warn|error) (.*)$/;

export async function readLog(path: string): Promise<Entry[]> {
	const text = await readFile(path, 'utf8');
	const entries: Entry[] = [];
	for (const line of text.split('\\n')) {
		const m = LINE.exec(line);
		if (!m) continue;
		entries.push({ at: Number(m[1]), level: m[2] as Entry['level'], message: m[3] ?? '' });
	}
	return entries.sort((a, b) => a.at - b.at);
}

export class Counter<K> {
	readonly #counts = new Map<K, number>();
	add(key: K, by = 1): this {
		this.#counts.set(key, (this.#counts.get(key) ?? 0) + by);
		return this;
	}
	top(n: number): [K, number][] {
		return [...this.#counts].sort((a, b) => b[1] - a[1]).slice(0, n);
	}
}
`,
	bash: `#!/usr/bin/env bash
set -euo pipefail

BACKUP_DIR="\${BACKUP_DIR:-$HOME/backups}"
STAMP=$(date +%Y-%m-%d_%H%M)

log() { printf '[%s] %s\\n' "$(date +%T)" "$*" >&2; }

mkdir -p "$BACKUP_DIR"
for db in "$@"; do
  if [[ ! -f "$db" ]]; then
    log "skipping $db: not a file"
    continue
  fi
  target="$BACKUP_DIR/$(basename "$db").$STAMP.gz"
  gzip -c "$db" > "$target" && log "saved $target"
done

# keep the newest 10 of each
find "$BACKUP_DIR" -name '*.gz' -mtime +30 -print0 | xargs -0 -r rm --
echo "done: $(ls "$BACKUP_DIR" | wc -l) files in $BACKUP_DIR"
`,
	json: `{
  "name": "iris-web",
  "version": "1.4.2",
  "private": true,
  "scripts": {
    "build": "vite build",
    "test": "vitest run && playwright test"
  },
  "config": {
    "retries": 3,
    "timeoutMs": 15000,
    "endpoints": ["wss://a.example/ws", "wss://b.example/ws"],
    "features": { "push": true, "search": { "local": true, "limit": 50 } },
    "owner": null
  }
}
`,
	rust: `use std::collections::HashMap;
use std::fs;
use std::io::{self, BufRead};

#[derive(Debug, Clone, PartialEq)]
pub struct Word<'a> {
    pub text: &'a str,
    pub count: usize,
}

/// Counts the words of a file, most frequent first.
pub fn count_words(path: &str) -> io::Result<Vec<(String, usize)>> {
    let file = fs::File::open(path)?;
    let mut counts: HashMap<String, usize> = HashMap::new();
    for line in io::BufReader::new(file).lines() {
        for word in line?.split_whitespace() {
            *counts.entry(word.to_lowercase()).or_insert(0) += 1;
        }
    }
    let mut list: Vec<_> = counts.into_iter().collect();
    list.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    Ok(list)
}

fn main() {
    match count_words("input.txt") {
        Ok(words) => words.iter().take(10).for_each(|(w, n)| println!("{w}: {n}")),
        Err(e) => eprintln!("error: {e}"),
    }
}
`,
	go: `package main

import (
	"context"
	"fmt"
	"net/http"
	"time"
)

type Result struct {
	URL    string
	Status int
	Took   time.Duration
}

func check(ctx context.Context, url string) Result {
	start := time.Now()
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, url, nil)
	if err != nil {
		return Result{URL: url, Status: -1}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return Result{URL: url, Status: 0, Took: time.Since(start)}
	}
	defer resp.Body.Close()
	return Result{URL: url, Status: resp.StatusCode, Took: time.Since(start)}
}

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	results := make(chan Result)
	urls := []string{"https://example.com", "https://example.org"}
	for _, u := range urls {
		go func(u string) { results <- check(ctx, u) }(u)
	}
	for range urls {
		r := <-results
		fmt.Printf("%-24s %3d %v\\n", r.URL, r.Status, r.Took)
	}
}
`,
	cpp: `#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

template <typename T>
class RingBuffer {
public:
    explicit RingBuffer(std::size_t capacity) : data_(capacity) {}

    void push(const T& value) {
        data_[head_] = value;
        head_ = (head_ + 1) % data_.size();
        size_ = std::min(size_ + 1, data_.size());
    }

    std::vector<T> items() const {
        std::vector<T> out;
        out.reserve(size_);
        for (std::size_t i = 0; i < size_; ++i) {
            out.push_back(data_[(head_ + data_.size() - size_ + i) % data_.size()]);
        }
        return out;
    }

private:
    std::vector<T> data_;
    std::size_t head_ = 0, size_ = 0;
};

int main() {
    RingBuffer<std::string> log(3);
    for (const char* s : {"a", "b", "c", "d"}) log.push(s);
    for (const auto& s : log.items()) std::cout << s << '\\n';
    return 0;
}
`,
	html: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Status</title>
    <style>
      body { font-family: system-ui, sans-serif; margin: 2rem; }
      .ok { color: #1f9d55; }
    </style>
  </head>
  <body>
    <h1 id="title">Service status</h1>
    <table>
      <tr><th>Service</th><th>State</th></tr>
      <tr><td>gateway</td><td class="ok">up</td></tr>
    </table>
    <script>
      const el = document.getElementById('title');
      el.textContent += ' (' + new Date().toLocaleTimeString() + ')';
    </script>
  </body>
</html>
`,
	sql: `-- Top customers by revenue in the last 90 days
WITH recent AS (
  SELECT o.customer_id, SUM(i.quantity * i.unit_price) AS revenue
  FROM orders o
  JOIN order_items i ON i.order_id = o.id
  WHERE o.created_at >= CURRENT_DATE - INTERVAL '90 days'
    AND o.status <> 'cancelled'
  GROUP BY o.customer_id
)
SELECT c.id, c.name, r.revenue,
       RANK() OVER (ORDER BY r.revenue DESC) AS rank
FROM recent r
JOIN customers c ON c.id = r.customer_id
WHERE r.revenue > 1000
ORDER BY r.revenue DESC
LIMIT 20;

CREATE INDEX IF NOT EXISTS idx_orders_created ON orders (created_at);
UPDATE customers SET tier = 'gold' WHERE id IN (SELECT customer_id FROM recent WHERE revenue > 5000);
`,
	yaml: `name: ci
on:
  push:
    branches: [main]
  pull_request:

jobs:
  test:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        node: [20, 22]
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: \${{ matrix.node }}
          cache: npm
      - run: npm ci
      - run: npm test
        env:
          CI: true
          RETRIES: "3" # quoted on purpose
`
};

/** `lang`'s sample repeated (whole lines) to at least `chars` characters. */
export function codeSample(lang: string, chars: number): string {
	const sample = SAMPLES[lang];
	if (!sample) throw new Error(`[demo] no code sample for ${lang}`);
	let out = sample;
	while (out.length < chars) out += '\n' + sample;
	return out;
}
