#!/usr/bin/env node
// `verify-gateway <gateway URL> [options]`: checks a live gateway against the contract.
// The kit lives in src/ (transport, contract, checks, run, report, cli); the package's README
// says what it checks and how to read its reports.
import { main } from '../src/cli.mjs';

// Not a top-level await: a promise left unsettled would end the process with code 13 and no
// report; main's exit handler reports that case instead.
main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
