import path from 'node:path';
import pino from 'pino';
import { askRunningServer } from '../runtime/admin-socket.ts';
import { loadStaffConfig } from '../config/config.ts';
import { closeContext, createContext } from '../context.ts';
import { seedReference } from '../seed/seed.ts';
import { createOwnerOnly } from '../adapters/private-files.ts';
import { runStaffCommand, runStorageCommand, staffFailure } from './staff-commands.ts';

/** A file named on the command line, as a path a server elsewhere in the file system can open too. */
function absoluteFiles(argv: string[]): string[] {
  return argv.map((arg, i) => {
    if (argv[i - 1] === '--file') return path.resolve(arg);
    if (arg.startsWith('--file=')) return `--file=${path.resolve(arg.slice('--file='.length))}`;
    return arg;
  });
}

/**
 * `npm run staff -- <command>`: on the embedded database, a running server takes the command
 * (server/runtime/admin-socket.ts), so that the portal need not stop for every step; otherwise the
 * command line opens the database itself, as the server does.
 */
async function main(): Promise<void> {
  // What the command line writes in the data folder (the embedded database, a response PDF) is the server's user's alone.
  createOwnerOnly();
  const config = loadStaffConfig();
  const argv = absoluteFiles(process.argv.slice(2));
  // Files only, not the database: run here, beside a server that may still run on the folder.
  if (argv[0] === 'storage') {
    await runStorageCommand(config, argv, (line) => console.log(line));
    return;
  }
  if (!config.databaseUrl) {
    const answer = await askRunningServer(config.dataDir, argv);
    if (answer) {
      if (answer.out) process.stdout.write(answer.out);
      if (answer.error) console.error(answer.error);
      process.exitCode = answer.error ? 1 : 0;
      return;
    }
  }
  const log = pino({ level: 'warn' });
  const ctx = await createContext(config, log, {
    printMail: true,
    instance: `staff-cli-${process.pid}`,
  });
  try {
    await seedReference(ctx.db);
    await runStaffCommand(ctx, argv, (line) => console.log(line));
  } finally {
    await closeContext(ctx);
  }
}

main().catch((error: unknown) => {
  console.error(staffFailure(error));
  process.exit(1);
});
