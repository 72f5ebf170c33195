/**
 * Prints the test files of the shifted-clock run, one a line: those clock-readers.json names
 * for the modules that read the wall clock. Every other test reads no clock (the linter keeps
 * it so), so a moved clock cannot change its outcome.
 *
 *   bash scripts/shifted-clock.sh vitest run $(node scripts/shifted-clock-files.mjs)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stdout } from 'node:process';

const { readers } = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'clock-readers.json'), 'utf8'));
const files = [...new Set(Object.values(readers).flatMap((reader) => reader.tests))].sort();
if (files.length === 0) throw new Error('clock-readers.json names no test file');
stdout.write(`${files.join('\n')}\n`);
