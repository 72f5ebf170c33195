/**
 * The official Sui GraphQL schema, as @mysten/sui ships it (its generated
 * `src/graphql/generated/schema.graphql`), built once with graphql-js. Every request to
 * the mock node is parsed and validated against it, so a query the real node would refuse
 * is refused here too, with GraphQL errors.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { buildSchema, type GraphQLSchema } from 'graphql';

/** @mysten/sui's package directory: its exports map hides package.json, so walk up from an entry point. */
function suiPackageDir(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@mysten/sui/graphql'));
  while (!dir.endsWith(join('node_modules', '@mysten', 'sui'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('@mysten/sui is not installed');
    dir = parent;
  }
  return dir;
}

export const SCHEMA_PATH = join(suiPackageDir(), 'src', 'graphql', 'generated', 'schema.graphql');

let schema: GraphQLSchema | undefined;
export function suiSchema(): GraphQLSchema {
  schema ??= buildSchema(readFileSync(SCHEMA_PATH, 'utf8'));
  return schema;
}
