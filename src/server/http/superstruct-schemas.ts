import type { FastifySchemaCompiler, FastifyTypeProvider } from "fastify";
import { validate, type Struct } from "superstruct";

// Routes declare their params, query, headers and body as superstruct structs, the schema
// language the form already speaks (src/shared/quote-request/): Fastify checks each part before
// the handler runs, and the handler receives the coerced value, typed from the struct itself.
// A failure reaches the route's error handler as the StructError, with Fastify's
// `validationContext` naming the part ("body", "headers"…), for an answer in French.

/** Types a route's request parts from its structs: `app.withTypeProvider<SuperstructTypes>()`. */
export interface SuperstructTypes extends FastifyTypeProvider {
  validator: this["schema"] extends Struct<infer T, infer _S> ? T : unknown;
  serializer: this["schema"] extends Struct<infer T, infer _S> ? T : unknown;
}

/** Fastify's validator compiler for structs: coercion on, so defaults and cleaning apply. */
export const superstructValidator: FastifySchemaCompiler<Struct<unknown, unknown>> =
  ({ schema }) =>
  (data) => {
    const [error, value] = validate(data, schema, { coerce: true });
    return error ? { error } : { value };
  };
