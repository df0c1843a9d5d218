import { once } from 'node:events';
import { changeApplication } from '../../api/casework/applications';
import { PgStore } from '../../api/store/pg/PgStore';
import { fixtureWorkflow } from './siteData';

/**
 * One change of an application on PostgreSQL, in a process of its own that
 * api/casework/applications.test.ts kills mid-action: `applicationAction.ts <url> <enquiry> <application> <status>`.
 * It says "ready" once the store is open, and makes the change when told "go".
 */
const [url, enquiryId, applicationId, status] = process.argv.slice(2) as [string, string, string, 'submitted'];
const store = await PgStore.open(url, 2);
process.stdout.write('ready\n');
await once(process.stdin, 'data');
await changeApplication(store, fixtureWorkflow, { enquiryId, applicationId, change: { status } }, { id: 'id-asha', username: 'asha' });
await store.close();
process.exit(0);
