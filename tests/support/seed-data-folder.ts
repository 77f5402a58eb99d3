import { seedDataFolder } from '../../src/server/test/data-folder-template.ts';

/**
 * `tsx tests/support/seed-data-folder.ts <data folder>...`: empties each folder and puts a copy of the
 * migrated template database in it (ADR 261), for the e2e servers' commands.
 */
const folders = process.argv.slice(2);
if (folders.length === 0) throw new Error('usage: tsx tests/support/seed-data-folder.ts <data folder>...');
for (const folder of folders) await seedDataFolder(folder);
