/** The fixed secret-box key of the test runs: the template's sealed demo secrets and every test app share it. */
export const TEST_SECRET_KEY = Buffer.from('6d672d746573742d7365637265742d6b65792d6f662d7468652d74657374732e', 'hex');
