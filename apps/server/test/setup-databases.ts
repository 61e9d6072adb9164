import { afterAll } from 'vitest';
import { dropTemplateDatabase } from './postgres-template';

// Each test file copies its PostgreSQL databases from one migrated template; it goes with the file.
afterAll(() => dropTemplateDatabase());
