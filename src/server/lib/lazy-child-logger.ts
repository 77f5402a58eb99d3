import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString, LogFn } from 'pino';

type LogArguments = Parameters<LogFn>;

/**
 * The per-request logger Fastify hands to `request.log`, built on the request's first log call
 * (ADR 185). Fastify builds a pino child bound to the request id for every request; pino then
 * serialises the bindings, through the wildcard redactor of LOG_REDACT_PATHS, although most
 * requests never log a line of their own (the access line has its own logger, access-log.ts).
 * The lines are the same as an eager child's: same bindings, same options, same parent.
 */
export class LazyChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  /** Whether the pino child exists yet (tests). */
  get built(): boolean {
    return this.#child !== undefined;
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  get level(): LevelWithSilentOrString {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.#real().level = level;
  }

  fatal(...args: LogArguments): void {
    this.#real().fatal(...args);
  }
  error(...args: LogArguments): void {
    this.#real().error(...args);
  }
  warn(...args: LogArguments): void {
    this.#real().warn(...args);
  }
  info(...args: LogArguments): void {
    this.#real().info(...args);
  }
  debug(...args: LogArguments): void {
    this.#real().debug(...args);
  }
  trace(...args: LogArguments): void {
    this.#real().trace(...args);
  }
  silent(...args: LogArguments): void {
    this.#real().silent(...args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a lazy child per request. */
export function lazyChildLoggerFactory(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options);
}
