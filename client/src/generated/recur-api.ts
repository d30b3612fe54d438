// Generated from Recur's OpenAPI document by `npm run client:generate`. Do not edit by hand:
// a test fails when this file differs from what the current routes produce.

export interface paths {
    "/v1.0/console/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in to the console
         * @description Starts a console session for a console user (`recur console-user create`): answers the user, the session’s `csrf_token` and when the session ends if unused (`expires_at`), and sets the cookie `recur_console` (HttpOnly, Secure, SameSite=Strict, Path=/), which then authenticates every `/v1.0` request that has no Authorization header, on both listeners. Requests other than GET, HEAD and OPTIONS must also send the `csrf_token` in the `x-csrf-token` header (else 403). A wrong e-mail or password: 401 `Wrong e-mail or password`, the same answer for both; failed logins are throttled as Basic credentials are (429 with Retry-After). Needs no credentials. See docs/console.md.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "email": "ana@example.com",
                     *       "password": "correct horse battery staple"
                     *     }
                     */
                    "application/json": {
                        email: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "user": {
                         *           "id": "3b1f0c9e-8d2a-4f6b-9c1d-2e3f4a5b6c7d",
                         *           "email": "ana@example.com",
                         *           "name": "Ana Silva",
                         *           "role": "billing",
                         *           "merchant_id": "0c2d4e6f-1a3b-4c5d-8e7f-9a0b1c2d3e4f"
                         *         },
                         *         "csrf_token": "kq3v0Y0m4bQe1yq0l3ZfY9r2p8sJ6hW1uT5cX7dA2gE",
                         *         "expires_at": "2026-11-28T10:30:00.000Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check credentials and the database
         * @description Answers 200 when the credentials are valid and the database answers, otherwise 503. `echo` comes back in `response.echo`.
         */
        get: {
            parameters: {
                query?: {
                    echo?: string;
                    test?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "timestamp": "2026-11-22T07:21:52.173Z",
                         *         "echo": "ping"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ping (not enveloped)
         * @description What the official Ruby client calls. Authenticated like every request; the answer is not enveloped: `{"timestamp": <unix seconds>, "echo": "<echo>"}`.
         */
        get: {
            parameters: {
                query?: {
                    echo?: string;
                    test?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "timestamp": 1795939200,
                         *       "echo": "hello"
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/ping.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ping, JSON spelling (not enveloped)
         * @description The same as `GET /ping`, under the name some clients use.
         */
        get: {
            parameters: {
                query?: {
                    echo?: string;
                    test?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "timestamp": 1795939200,
                         *       "echo": "hello"
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the merchant's API credentials
         * @description The API credentials of the listener’s environment (one today): `id`, `username`, `environment`, `created_at` and `rotated_at` (null when never rotated). Never a token: Recur keeps only a keyed hash of it. Recur does not record when a credential was last used. Console sessions: admin only.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": [
                         *         {
                         *           "id": "5e8a2c4d-6f1b-4a3e-9c7d-0b2f4e6a8c1d",
                         *           "username": "testmyshop958038",
                         *           "environment": "sandbox",
                         *           "created_at": "2026-11-20T08:00:00.000Z",
                         *           "rotated_at": null
                         *         }
                         *       ],
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/credentials/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an API credential
         * @description One API credential of the merchant in the listener’s environment, without its token. Another environment’s or merchant’s: 404. Console sessions: admin only.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "5e8a2c4d-6f1b-4a3e-9c7d-0b2f4e6a8c1d",
                         *         "username": "testmyshop958038",
                         *         "environment": "sandbox",
                         *         "created_at": "2026-11-20T08:00:00.000Z",
                         *         "rotated_at": null
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/credentials/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate an API credential
         * @description Gives the credential a new API token (256 random bits, 43 characters of base64url) and answers it in `api_token`: this answer is the only place it ever appears (sent with `Cache-Control: no-store`; the console audit log keeps it redacted). The old token is refused from the next request on, with no grace period: deploy the new token where the old one was used first, or rotate when the old one may be known. Only the listener’s environment’s credential can be rotated (another’s: 404). Writes a `credential.rotated` audit event naming who rotated it. Console sessions: admin only.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "5e8a2c4d-6f1b-4a3e-9c7d-0b2f4e6a8c1d",
                         *         "username": "testmyshop958038",
                         *         "environment": "sandbox",
                         *         "created_at": "2026-11-20T08:00:00.000Z",
                         *         "rotated_at": "2026-11-28T09:40:00.000Z",
                         *         "api_token": "mG3p7hXn2QvA0sLrT9eKz4YwB6cUoD1fJ8iN5aVbE2s"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/credit_cards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List cards
         * @description The merchant's cards in this environment, newest first, paginated (`limit` up to 50, `offset` is the page number from 1).
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    test?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": [
                         *         {
                         *           "token": "r5u58fueb5ulhlhbjj4z",
                         *           "card_holder": "Jane Doe",
                         *           "card_number": "512345XXXXXX2346",
                         *           "card_expiry": "2030-05-31",
                         *           "card_type": "MasterCard",
                         *           "card_category": "Credit",
                         *           "card_subcategory": "Standard",
                         *           "card_issuer": "Recur Test Bank",
                         *           "card_country": "AU",
                         *           "authorized": true,
                         *           "transaction_count": 0,
                         *           "alias": "customer-42"
                         *         }
                         *       ],
                         *       "errors": [],
                         *       "test": true,
                         *       "records": 1,
                         *       "total_records": 1,
                         *       "page": 1,
                         *       "total_pages": 1
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Tokenize a card
         * @description Seals the card number in the vault and answers the card record with its token (the number masked to first six and last four). The same number and expiry again for the same merchant answers the existing token. The CVV is used for this call only and never stored. Every validation problem is listed at once (422).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "card_holder": "Jane Doe",
                     *       "card_number": "5123456789012346",
                     *       "card_expiry": "05/2030",
                     *       "cvv": "123",
                     *       "alias": "customer-42"
                     *     }
                     */
                    "application/json": {
                        /** @description Name on the card */
                        card_holder: string;
                        /** @description A card scheme's length (14 to 19 digits) and leading digits, Luhn-valid, spaces or dashes between groups allowed; stored encrypted, shown masked to first six and last four */
                        card_number: string;
                        /** @description MM/YYYY */
                        card_expiry: string;
                        /** @description 3 or 4 digits; used for the authorisation only, never stored */
                        cvv: string;
                        /** @description A merchant-chosen name that can stand for the token */
                        alias?: string;
                        /** @description true: tokenize without a CVV */
                        is_billing?: boolean;
                        /** @description Accepted (clients always send it) and not kept */
                        customer_ip?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "token": "r5u58fueb5ulhlhbjj4z",
                         *         "card_holder": "Jane Doe",
                         *         "card_number": "512345XXXXXX2346",
                         *         "card_expiry": "2030-05-31",
                         *         "card_type": "MasterCard",
                         *         "card_category": "Credit",
                         *         "card_subcategory": "Standard",
                         *         "card_issuer": "Recur Test Bank",
                         *         "card_country": "AU",
                         *         "authorized": true,
                         *         "transaction_count": 0,
                         *         "alias": "customer-42"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/credit_cards/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a card by token or alias
         * @description One card, looked up by token or by alias (a token wins over an alias of the same spelling). Unknown: 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    key: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "token": "r5u58fueb5ulhlhbjj4z",
                         *         "card_holder": "Jane Doe",
                         *         "card_number": "512345XXXXXX2346",
                         *         "card_expiry": "2030-05-31",
                         *         "card_type": "MasterCard",
                         *         "card_category": "Credit",
                         *         "card_subcategory": "Standard",
                         *         "card_issuer": "Recur Test Bank",
                         *         "card_country": "AU",
                         *         "authorized": true,
                         *         "transaction_count": 0,
                         *         "alias": "customer-42"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        /**
         * Update a card's expiry or alias
         * @description A new expiry, or an alias set, moved or removed (`null`). Subscriptions on the card learn the new expiry and invoices held for a card update are retried at once; a `card.updated` event is emitted.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    key: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "card_expiry": "08/2031"
                     *     }
                     */
                    "application/json": {
                        /** @description The new expiry, MM/YYYY: held invoices on this card are retried at once */
                        card_expiry?: string;
                        /** @description Move the alias onto this card, or null to remove it */
                        alias?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "token": "r5u58fueb5ulhlhbjj4z",
                         *         "card_holder": "Jane Doe",
                         *         "card_number": "512345XXXXXX2346",
                         *         "card_expiry": "2031-08-31",
                         *         "card_type": "MasterCard",
                         *         "card_category": "Credit",
                         *         "card_subcategory": "Standard",
                         *         "card_issuer": "Recur Test Bank",
                         *         "card_country": "AU",
                         *         "authorized": true,
                         *         "transaction_count": 0,
                         *         "alias": "customer-42"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/purchases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List purchases
         * @description Purchases in this environment, newest first, paginated (`limit` up to 50, `offset` is the page number from 1).
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    test?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": [
                         *         {
                         *           "id": "DOCS-P-2Q9WLBLO",
                         *           "transaction_id": "DOCS-P-2Q9WLBLO",
                         *           "authorization": "078178",
                         *           "card_number": "512345XXXXXX2346",
                         *           "card_holder": "Jane Doe",
                         *           "card_expiry": "2030-05-31",
                         *           "card_token": "r5u58fueb5ulhlhbjj4z",
                         *           "card_type": "MasterCard",
                         *           "amount": 1000,
                         *           "decimal_amount": 10,
                         *           "successful": true,
                         *           "message": "Approved",
                         *           "reference": "order-1",
                         *           "currency": "AUD",
                         *           "response_code": "00",
                         *           "transaction_date": "2026-11-22T07:21:58.507Z",
                         *           "settlement_date": "2026-11-22",
                         *           "captured": true,
                         *           "captured_amount": 1000,
                         *           "refunded_amount": 0,
                         *           "rrn": "024877441153",
                         *           "cvv_match": "U",
                         *           "metadata": {},
                         *           "customer_ip": null,
                         *           "extra": {}
                         *         }
                         *       ],
                         *       "errors": [],
                         *       "test": true,
                         *       "records": 1,
                         *       "total_records": 1,
                         *       "page": 1,
                         *       "total_pages": 1
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Charge a card
         * @description Charges a stored card (`card_token`: a token or an alias) or raw card details (tokenized in the same call). `amount` is in minor units (1000 = AUD 10.00); `reference` is unique per merchant and environment, so a repeat with the same reference is refused rather than charged twice. A decline is not an error: `successful: true` with `response.successful: false` and the bank's `response_code`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "amount": 1000,
                     *       "currency": "AUD",
                     *       "reference": "order-1",
                     *       "card_token": "customer-42"
                     *     }
                     */
                    "application/json": {
                        /** @description Minor units (cents) */
                        amount: number;
                        /** @description ISO 4217 code the merchant may charge in; left out, the merchant's default currency (its first permitted one) */
                        currency?: string;
                        /** @description The merchant reference: a re-send with the same reference is recognised */
                        reference: string;
                        /** @description A token or alias; or give the raw card fields instead */
                        card_token?: string;
                        /** @description Name on the card */
                        card_holder?: string;
                        /** @description A card scheme's length (14 to 19 digits) and leading digits, Luhn-valid, spaces or dashes between groups allowed; stored encrypted, shown masked to first six and last four */
                        card_number?: string;
                        /** @description MM/YYYY */
                        card_expiry?: string;
                        /** @description 3 or 4 digits; used for the authorisation only, never stored */
                        cvv?: string;
                        customer_ip?: string;
                        metadata?: {
                            [key: string]: string;
                        };
                        /** @description false: an authorization, captured later with POST /purchases/{id}/capture */
                        capture?: boolean;
                        extra?: {
                            /** @description "32" (or 32): a recurring, card-not-present charge */
                            ecm?: string | number;
                            /** @enum {string} */
                            stored_credential_indicator?: "I" | "S";
                            /** @description The id of the stored-credential chain, echoed on approval */
                            authorization_tracking_id?: string;
                            omit_expiry?: boolean;
                            card_on_file?: boolean;
                            auth_reason?: string;
                            /** @description Soft descriptor: the name on the statement */
                            name?: string;
                            /** @description Soft descriptor: the location on the statement */
                            location?: string;
                            /** @description 3-D Secure result (stored and echoed) */
                            sli?: string | number;
                            xid?: string;
                            cavv?: string;
                            par?: string;
                            ver?: string;
                            threeds_version?: string;
                            directory_server_txn_id?: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "DOCS-P-2Q9WLBLO",
                         *         "transaction_id": "DOCS-P-2Q9WLBLO",
                         *         "authorization": "078178",
                         *         "card_number": "512345XXXXXX2346",
                         *         "card_holder": "Jane Doe",
                         *         "card_expiry": "2030-05-31",
                         *         "card_token": "r5u58fueb5ulhlhbjj4z",
                         *         "card_type": "MasterCard",
                         *         "amount": 1000,
                         *         "decimal_amount": 10,
                         *         "successful": true,
                         *         "message": "Approved",
                         *         "reference": "order-1",
                         *         "currency": "AUD",
                         *         "response_code": "00",
                         *         "transaction_date": "2026-11-22T07:21:58.507Z",
                         *         "settlement_date": "2026-11-22",
                         *         "captured": true,
                         *         "captured_amount": 1000,
                         *         "refunded_amount": 0,
                         *         "rrn": "024877441153",
                         *         "cvv_match": "U",
                         *         "metadata": {},
                         *         "customer_ip": null,
                         *         "extra": {}
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description The upstream acquirer failed */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/purchases/void": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Void a purchase
         * @description Voids an uncaptured authorization, or a purchase not yet settled (settlement is at the end of its UTC day) and not refunded. The id comes as `?id=` or in the body. The answer is the purchase with `voided: true`.
         */
        post: {
            parameters: {
                query?: {
                    id?: string;
                    test?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "id": "DOCS-P-2Q9WLBLO"
                     *     }
                     */
                    "application/json": {
                        /** @description The purchase or refund to void (or ?id=) */
                        id?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "DOCS-P-2Q9WLBLO",
                         *         "transaction_id": "DOCS-P-2Q9WLBLO",
                         *         "authorization": "078178",
                         *         "card_number": "512345XXXXXX2346",
                         *         "card_holder": "Jane Doe",
                         *         "card_expiry": "2030-05-31",
                         *         "card_token": "r5u58fueb5ulhlhbjj4z",
                         *         "card_type": "MasterCard",
                         *         "amount": 1000,
                         *         "decimal_amount": 10,
                         *         "successful": true,
                         *         "message": "Voided",
                         *         "reference": "order-1",
                         *         "currency": "AUD",
                         *         "response_code": "00",
                         *         "transaction_date": "2026-11-22T07:21:58.507Z",
                         *         "settlement_date": "2026-11-22",
                         *         "captured": true,
                         *         "captured_amount": 1000,
                         *         "refunded_amount": 0,
                         *         "rrn": "024877441153",
                         *         "cvv_match": "U",
                         *         "metadata": {},
                         *         "customer_ip": null,
                         *         "extra": {},
                         *         "voided": true
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/purchases/{key}/capture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Capture an authorization
         * @description Captures an authorization (a purchase made with `capture: false`), once, for up to the authorized amount (`amount` in minor units: 800 = AUD 8.00). A refused capture answers 200 with `successful: false`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    key: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "amount": 800,
                     *       "currency": "AUD"
                     *     }
                     */
                    "application/json": {
                        /** @description Minor units; at most the authorized amount */
                        amount: number;
                        /** @description Must be the authorization's currency */
                        currency?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "DOCS-P-2Q9WLBLO",
                         *         "transaction_id": "DOCS-P-2Q9WLBLO",
                         *         "authorization": "078178",
                         *         "card_number": "512345XXXXXX2346",
                         *         "card_holder": "Jane Doe",
                         *         "card_expiry": "2030-05-31",
                         *         "card_token": "r5u58fueb5ulhlhbjj4z",
                         *         "card_type": "MasterCard",
                         *         "amount": 1000,
                         *         "decimal_amount": 10,
                         *         "successful": true,
                         *         "message": "Approved",
                         *         "reference": "order-1",
                         *         "currency": "AUD",
                         *         "response_code": "00",
                         *         "transaction_date": "2026-11-22T07:21:58.507Z",
                         *         "settlement_date": "2026-11-22",
                         *         "captured": true,
                         *         "captured_amount": 800,
                         *         "refunded_amount": 0,
                         *         "rrn": "024877441153",
                         *         "cvv_match": "U",
                         *         "metadata": {},
                         *         "customer_ip": null,
                         *         "extra": {}
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/purchases/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a purchase by id or reference
         * @description One purchase, looked up by its id or by your reference. Unknown: 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    key: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "DOCS-P-2Q9WLBLO",
                         *         "transaction_id": "DOCS-P-2Q9WLBLO",
                         *         "authorization": "078178",
                         *         "card_number": "512345XXXXXX2346",
                         *         "card_holder": "Jane Doe",
                         *         "card_expiry": "2030-05-31",
                         *         "card_token": "r5u58fueb5ulhlhbjj4z",
                         *         "card_type": "MasterCard",
                         *         "amount": 1000,
                         *         "decimal_amount": 10,
                         *         "successful": true,
                         *         "message": "Approved",
                         *         "reference": "order-1",
                         *         "currency": "AUD",
                         *         "response_code": "00",
                         *         "transaction_date": "2026-11-22T07:21:58.507Z",
                         *         "settlement_date": "2026-11-22",
                         *         "captured": true,
                         *         "captured_amount": 1000,
                         *         "refunded_amount": 0,
                         *         "rrn": "024877441153",
                         *         "cvv_match": "U",
                         *         "metadata": {},
                         *         "customer_ip": null,
                         *         "extra": {}
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List refunds
         * @description Refunds in this environment, newest first, paginated.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    test?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": [
                         *         {
                         *           "id": "DOCS-R-4CISLT8T",
                         *           "transaction_id": "DOCS-R-4CISLT8T",
                         *           "authorization": "786720",
                         *           "amount": 400,
                         *           "decimal_amount": 4,
                         *           "refunded": "Approved",
                         *           "message": "Approved",
                         *           "successful": true,
                         *           "reference": "refund-1",
                         *           "currency": "AUD",
                         *           "card_number": "512345XXXXXX2346",
                         *           "card_holder": "Jane Doe",
                         *           "card_expiry": "2030-05-31",
                         *           "card_type": "MasterCard",
                         *           "card_token": "r5u58fueb5ulhlhbjj4z",
                         *           "transaction_date": "2026-11-22T07:22:01.839Z",
                         *           "settlement_date": "2026-11-22",
                         *           "response_code": "00",
                         *           "original_transaction_id": "DOCS-P-2Q9WLBLO"
                         *         }
                         *       ],
                         *       "errors": [],
                         *       "test": true,
                         *       "records": 1,
                         *       "total_records": 1,
                         *       "page": 1,
                         *       "total_pages": 1
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Refund a purchase
         * @description Refunds all or part of an approved purchase (`transaction_id`), in minor units (400 = AUD 4.00), never more than what is left to refund. `reference` is unique per merchant and environment.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "transaction_id": "DOCS-P-2Q9WLBLO",
                     *       "amount": 400,
                     *       "reference": "refund-1"
                     *     }
                     */
                    "application/json": {
                        /** @description The purchase to refund; leave out and give a card for an unmatched refund */
                        transaction_id?: string;
                        /** @description Minor units; at most what is left to refund */
                        amount: number;
                        reference: string;
                        /** @description Must be the purchase's currency; an unmatched refund's currency */
                        currency?: string;
                        metadata?: {
                            [key: string]: string;
                        };
                        customer_ip?: string;
                        /** @description Unmatched refund: the stored card to credit */
                        card_token?: string;
                        /** @description Name on the card */
                        card_holder?: string;
                        /** @description A card scheme's length (14 to 19 digits) and leading digits, Luhn-valid, spaces or dashes between groups allowed; stored encrypted, shown masked to first six and last four */
                        card_number?: string;
                        /** @description MM/YYYY */
                        card_expiry?: string;
                        /** @description 3 or 4 digits; used for the authorisation only, never stored */
                        cvv?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "DOCS-R-4CISLT8T",
                         *         "transaction_id": "DOCS-R-4CISLT8T",
                         *         "authorization": "786720",
                         *         "amount": 400,
                         *         "decimal_amount": 4,
                         *         "refunded": "Approved",
                         *         "message": "Approved",
                         *         "successful": true,
                         *         "reference": "refund-1",
                         *         "currency": "AUD",
                         *         "card_number": "512345XXXXXX2346",
                         *         "card_holder": "Jane Doe",
                         *         "card_expiry": "2030-05-31",
                         *         "card_type": "MasterCard",
                         *         "card_token": "r5u58fueb5ulhlhbjj4z",
                         *         "transaction_date": "2026-11-22T07:22:01.839Z",
                         *         "settlement_date": "2026-11-22",
                         *         "response_code": "00",
                         *         "original_transaction_id": "DOCS-P-2Q9WLBLO"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description The upstream acquirer failed */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/refunds/void": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Void a refund
         * @description Voids an approved refund not yet settled (`id`: the refund id), and gives its amount back to the purchase's refundable amount.
         */
        post: {
            parameters: {
                query?: {
                    id?: string;
                    test?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "id": "DOCS-R-4CISLT8T"
                     *     }
                     */
                    "application/json": {
                        /** @description The purchase or refund to void (or ?id=) */
                        id?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "DOCS-R-4CISLT8T",
                         *         "transaction_id": "DOCS-R-4CISLT8T",
                         *         "authorization": "786720",
                         *         "amount": 400,
                         *         "decimal_amount": 4,
                         *         "refunded": "Approved",
                         *         "message": "Approved",
                         *         "successful": true,
                         *         "reference": "refund-1",
                         *         "currency": "AUD",
                         *         "card_number": "512345XXXXXX2346",
                         *         "card_holder": "Jane Doe",
                         *         "card_expiry": "2030-05-31",
                         *         "card_type": "MasterCard",
                         *         "card_token": "r5u58fueb5ulhlhbjj4z",
                         *         "transaction_date": "2026-11-22T07:22:01.839Z",
                         *         "settlement_date": "2026-11-22",
                         *         "response_code": "00",
                         *         "original_transaction_id": "DOCS-P-2Q9WLBLO",
                         *         "voided": true
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/void": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Void a purchase or a refund by id
         * @description Voids the purchase or the refund with that id (`?id=` or in the body), as `POST /purchases/void` or `POST /refunds/void` would: the path Active Merchant sends. An unknown id: 404 "Transaction Not Found".
         */
        post: {
            parameters: {
                query?: {
                    id?: string;
                    test?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "DOCS-P-2Q9WLBLO",
                         *         "transaction_id": "DOCS-P-2Q9WLBLO",
                         *         "authorization": "078178",
                         *         "card_number": "512345XXXXXX2346",
                         *         "card_holder": "Jane Doe",
                         *         "card_expiry": "2030-05-31",
                         *         "card_token": "r5u58fueb5ulhlhbjj4z",
                         *         "card_type": "MasterCard",
                         *         "amount": 1000,
                         *         "decimal_amount": 10,
                         *         "successful": true,
                         *         "message": "Voided",
                         *         "reference": "order-1",
                         *         "currency": "AUD",
                         *         "response_code": "00",
                         *         "transaction_date": "2026-11-22T07:21:58.507Z",
                         *         "settlement_date": "2026-11-22",
                         *         "captured": true,
                         *         "captured_amount": 1000,
                         *         "refunded_amount": 0,
                         *         "rrn": "024877441153",
                         *         "cvv_match": "U",
                         *         "metadata": {},
                         *         "customer_ip": null,
                         *         "extra": {},
                         *         "voided": true
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/refunds/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a refund by id or reference
         * @description One refund, looked up by its id or by your reference. Unknown: 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    key: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "DOCS-R-4CISLT8T",
                         *         "transaction_id": "DOCS-R-4CISLT8T",
                         *         "authorization": "786720",
                         *         "amount": 400,
                         *         "decimal_amount": 4,
                         *         "refunded": "Approved",
                         *         "message": "Approved",
                         *         "successful": true,
                         *         "reference": "refund-1",
                         *         "currency": "AUD",
                         *         "card_number": "512345XXXXXX2346",
                         *         "card_holder": "Jane Doe",
                         *         "card_expiry": "2030-05-31",
                         *         "card_type": "MasterCard",
                         *         "card_token": "r5u58fueb5ulhlhbjj4z",
                         *         "transaction_date": "2026-11-22T07:22:01.839Z",
                         *         "settlement_date": "2026-11-22",
                         *         "response_code": "00",
                         *         "original_transaction_id": "DOCS-P-2Q9WLBLO"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/sandbox/credit_cards/{key}/script": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Script a sandbox card's next answers
         * @description Sandbox only. The card's next charges answer the scripted outcomes in order (a response code, a merchant advice code, or a fault such as a delay or a dropped connection), then the card answers as usual.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    key: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "outcomes": [
                     *         {
                     *           "response_code": "51",
                     *           "merchant_advice_code": "retry_later",
                     *           "merchant_advice_retry_after": "2030-01-01T00:00:00Z"
                     *         },
                     *         {
                     *           "response_code": "00",
                     *           "fault": "delay",
                     *           "delay_ms": 2000
                     *         },
                     *         {
                     *           "fault": "drop"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        outcomes: {
                            response_code?: string;
                            /** @enum {string} */
                            merchant_advice_code?: "update_required" | "retry_later" | "do_not_retry" | "cancelled";
                            /**
                             * Format: date-time
                             * @description An ISO 8601 date-time with an offset, must be between 1970-01-01T00:00:00Z and 2999-12-31T23:59:59Z
                             */
                            merchant_advice_retry_after?: string;
                            /** @enum {string} */
                            fault?: "delay" | "drop";
                            delay_ms?: number;
                        }[];
                        test?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "token": "owae057rg7lk2t998hnx",
                         *         "outcomes": [
                         *           {
                         *             "response_code": "51",
                         *             "merchant_advice_code": "retry_later",
                         *             "merchant_advice_retry_after": "2030-01-01T00:00:00Z"
                         *           },
                         *           {
                         *             "response_code": "00",
                         *             "fault": "delay",
                         *             "delay_ms": 2000
                         *           },
                         *           {
                         *             "fault": "drop"
                         *           }
                         *         ]
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/console/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The current console session
         * @description The session the `recur_console` cookie names: its user, its `csrf_token` and its `expires_at` (each request moves the idle end forward, never past the absolute one). No live session: 401 `No console session: log in again`, and the answer clears the cookie.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "user": {
                         *           "id": "3b1f0c9e-8d2a-4f6b-9c1d-2e3f4a5b6c7d",
                         *           "email": "ana@example.com",
                         *           "name": "Ana Silva",
                         *           "role": "billing",
                         *           "merchant_id": "0c2d4e6f-1a3b-4c5d-8e7f-9a0b1c2d3e4f"
                         *         },
                         *         "csrf_token": "kq3v0Y0m4bQe1yq0l3ZfY9r2p8sJ6hW1uT5cX7dA2gE",
                         *         "expires_at": "2026-11-28T10:30:00.000Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Log out of the console
         * @description Ends the session (it is deleted at once) and clears the cookie. Needs the `x-csrf-token` header like every change.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "ended": true
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/console/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List console users
         * @description The merchant’s console users, oldest first, paginated; never a password or its hash. Console sessions: admin only.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    test?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": [
                         *         {
                         *           "id": "3b1f0c9e-8d2a-4f6b-9c1d-2e3f4a5b6c7d",
                         *           "merchant_id": "0c2d4e6f-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                         *           "email": "ana@example.com",
                         *           "name": "Ana Silva",
                         *           "role": "billing",
                         *           "disabled": false,
                         *           "created_at": "2026-11-28T09:00:00.000Z",
                         *           "updated_at": "2026-11-28T09:00:00.000Z"
                         *         }
                         *       ],
                         *       "errors": [],
                         *       "test": true,
                         *       "records": 1,
                         *       "total_records": 1,
                         *       "page": 1,
                         *       "total_pages": 1
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Add a console user
         * @description A console user of the merchant: `email` (unique across all console users, in any case: 409 otherwise), `name` (optional), `role` (`viewer`, `support`, `billing` or `admin`: docs/console.md says what each may do) and `password` (12 to 200 characters; stored as a scrypt hash, never answered). Console sessions: admin only.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "email": "ana@example.com",
                     *       "name": "Ana Silva",
                     *       "role": "billing",
                     *       "password": "correct horse battery staple"
                     *     }
                     */
                    "application/json": {
                        /** Format: email */
                        email: string;
                        name?: string | null;
                        /** @enum {string} */
                        role: "viewer" | "support" | "billing" | "admin";
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "3b1f0c9e-8d2a-4f6b-9c1d-2e3f4a5b6c7d",
                         *         "merchant_id": "0c2d4e6f-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                         *         "email": "ana@example.com",
                         *         "name": "Ana Silva",
                         *         "role": "billing",
                         *         "disabled": false,
                         *         "created_at": "2026-11-28T09:00:00.000Z",
                         *         "updated_at": "2026-11-28T09:00:00.000Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console user with this e-mail exists */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/console/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a console user
         * @description One console user of the merchant. Unknown: 404. Console sessions: admin only.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "3b1f0c9e-8d2a-4f6b-9c1d-2e3f4a5b6c7d",
                         *         "merchant_id": "0c2d4e6f-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                         *         "email": "ana@example.com",
                         *         "name": "Ana Silva",
                         *         "role": "billing",
                         *         "disabled": false,
                         *         "created_at": "2026-11-28T09:00:00.000Z",
                         *         "updated_at": "2026-11-28T09:00:00.000Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        /**
         * Change a console user’s role, or turn it off
         * @description `role` and/or `disabled`. A new role holds from the user’s next request; a user turned off loses its sessions at once and cannot log in. Console sessions: admin only.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "role": "support"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        role?: "viewer" | "support" | "billing" | "admin";
                        disabled?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "3b1f0c9e-8d2a-4f6b-9c1d-2e3f4a5b6c7d",
                         *         "merchant_id": "0c2d4e6f-1a3b-4c5d-8e7f-9a0b1c2d3e4f",
                         *         "email": "ana@example.com",
                         *         "name": "Ana Silva",
                         *         "role": "support",
                         *         "disabled": false,
                         *         "created_at": "2026-11-28T09:00:00.000Z",
                         *         "updated_at": "2026-11-28T10:00:00.000Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The console’s audit log
         * @description Every change made with a console session, and every change refused (`outcome` `refused`, status 403), newest first, paginated, both environments: who (`user_id`, `user_email`, `role`), what (`method`, `route`, `path`, `object_id`, the request `body` without passwords, card numbers or CVVs), when, the answer’s `status`, and the object `before` (as its GET answered just before) and `after` (the answer’s `response`). Filters: `user_id`, `from` and `to` (ISO 8601 instants; `to` excluded). Console sessions: billing and admin.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    test?: string;
                    user_id?: string;
                    from?: string;
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": [
                         *         {
                         *           "id": "42",
                         *           "user_id": "3b1f0c9e-8d2a-4f6b-9c1d-2e3f4a5b6c7d",
                         *           "user_email": "ana@example.com",
                         *           "role": "billing",
                         *           "environment": "production",
                         *           "method": "POST",
                         *           "route": "/plans/:id/archive",
                         *           "path": "/v1.0/plans/7d9e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a/archive",
                         *           "object_id": "7d9e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a",
                         *           "body": null,
                         *           "status": 200,
                         *           "outcome": "succeeded",
                         *           "before": {
                         *             "id": "7d9e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a",
                         *             "name": "Pro",
                         *             "status": "active",
                         *             "archived_at": null
                         *           },
                         *           "after": {
                         *             "id": "7d9e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a",
                         *             "name": "Pro",
                         *             "status": "archived",
                         *             "archived_at": "2026-11-28T09:30:00.000Z"
                         *           },
                         *           "created_at": "2026-11-28T09:30:00.000Z"
                         *         }
                         *       ],
                         *       "errors": [],
                         *       "test": true,
                         *       "records": 1,
                         *       "total_records": 1,
                         *       "page": 1,
                         *       "total_pages": 1
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List plans
         * @description Plans, newest first, paginated.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    test?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": [
                         *         {
                         *           "id": "04e62440-0648-4737-80e3-36142fb50361",
                         *           "name": "Pro",
                         *           "amount": 2900,
                         *           "currency": "AUD",
                         *           "interval": "month",
                         *           "interval_count": 1,
                         *           "trial_days": 0,
                         *           "dunning": {
                         *             "retry_days": [
                         *               1,
                         *               3,
                         *               5,
                         *               7
                         *             ],
                         *             "final_action": "leave_past_due"
                         *           },
                         *           "tax_rate_ids": [],
                         *           "prices": [],
                         *           "status": "active",
                         *           "created_at": "2026-11-22T07:22:19.368Z",
                         *           "archived_at": null
                         *         }
                         *       ],
                         *       "errors": [],
                         *       "test": true,
                         *       "records": 1,
                         *       "total_records": 1,
                         *       "page": 1,
                         *       "total_pages": 1
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a plan
         * @description A price and a cadence: `amount` in minor units (2900 = AUD 29.00) every `interval_count` `interval`s, with an optional trial, setup fee (first charged invoice only), fixed number of billing cycles and dunning policy (`retry_days`, `final_action`). `prices` prices billable metrics, billed in arrears on the invoice that closes each period: `[{metric_code, model: per_unit | graduated | volume | package, unit_amount?, tiers?: [{up_to (null for the last), unit_amount, flat_amount?}], package_size?, free_units?}]` (docs/usage.md); `metric_code: "seats"` prices the subscription’s `quantity` instead, billed in advance on each period’s invoice, `amount` then being a base fee billed once per period (docs/pricing.md); `amount` may be 0 when there are prices. An unknown or archived metric, tiers out of order, a field that does not go with the model: 422 naming the field (`prices.0.tiers.1.up_to: …`).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "Pro",
                     *       "amount": 2900,
                     *       "currency": "AUD",
                     *       "interval": "month",
                     *       "interval_count": 1
                     *     }
                     */
                    "application/json": {
                        name: string;
                        amount: number;
                        prices?: {
                            metric_code: string;
                            /** @enum {string} */
                            model: "per_unit" | "graduated" | "volume" | "package";
                            unit_amount?: number;
                            tiers?: {
                                up_to: number | null;
                                unit_amount: number;
                                flat_amount?: number;
                            }[];
                            package_size?: number;
                            free_units?: number;
                        }[];
                        currency: string;
                        /** @enum {string} */
                        interval: "day" | "week" | "month" | "year";
                        /** @default 1 */
                        interval_count?: number;
                        /** @default 0 */
                        trial_days?: number;
                        /** @default 0 */
                        setup_fee?: number;
                        /** @default null */
                        billing_cycles?: number | null;
                        dunning?: {
                            retry_days: number[];
                            /** @enum {string} */
                            final_action: "cancel" | "mark_unpaid" | "leave_past_due";
                        };
                        tax_rate_ids?: string[];
                        test?: boolean;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "04e62440-0648-4737-80e3-36142fb50361",
                         *         "name": "Pro",
                         *         "amount": 2900,
                         *         "currency": "AUD",
                         *         "interval": "month",
                         *         "interval_count": 1,
                         *         "trial_days": 0,
                         *         "dunning": {
                         *           "retry_days": [
                         *             1,
                         *             3,
                         *             5,
                         *             7
                         *           ],
                         *           "final_action": "leave_past_due"
                         *         },
                         *         "tax_rate_ids": [],
                         *         "prices": [],
                         *         "status": "active",
                         *         "created_at": "2026-11-22T07:22:19.368Z",
                         *         "archived_at": null
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/plans/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a plan
         * @description One plan. Unknown: 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "04e62440-0648-4737-80e3-36142fb50361",
                         *         "name": "Pro",
                         *         "amount": 2900,
                         *         "currency": "AUD",
                         *         "interval": "month",
                         *         "interval_count": 1,
                         *         "trial_days": 0,
                         *         "dunning": {
                         *           "retry_days": [
                         *             1,
                         *             3,
                         *             5,
                         *             7
                         *           ],
                         *           "final_action": "leave_past_due"
                         *         },
                         *         "tax_rate_ids": [],
                         *         "prices": [],
                         *         "status": "active",
                         *         "created_at": "2026-11-22T07:22:19.368Z",
                         *         "archived_at": null
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/plans/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a plan
         * @description No new subscriptions on it; existing ones keep billing.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "04e62440-0648-4737-80e3-36142fb50361",
                         *         "name": "Pro",
                         *         "amount": 2900,
                         *         "currency": "AUD",
                         *         "interval": "month",
                         *         "interval_count": 1,
                         *         "trial_days": 0,
                         *         "dunning": {
                         *           "retry_days": [
                         *             1,
                         *             3,
                         *             5,
                         *             7
                         *           ],
                         *           "final_action": "leave_past_due"
                         *         },
                         *         "tax_rate_ids": [],
                         *         "prices": [],
                         *         "status": "archived",
                         *         "created_at": "2026-11-22T07:22:19.368Z",
                         *         "archived_at": "2026-12-01T00:00:00.000Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description The record is in a state that refuses this operation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/plans/{id}/move_subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a plan's subscriptions to another plan
         * @description Moves its active, trialing, past-due and paused subscriptions to another plan of the same currency, from their next period. Answers how many moved.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "plan_id": "9a1c7d52-0c1e-4a4e-b3c5-2f1f5a0c8e11"
                     *     }
                     */
                    "application/json": {
                        plan_id: string;
                        test?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "moved": 12
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List subscriptions
         * @description Subscriptions, newest first, paginated; filter by `status`, `customer_reference` and `customer_id`; `q` searches by id, reference, card’s last four, or the customer’s name or e-mail (docs/api.md, Search).
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    test?: string;
                    status?: "trialing" | "active" | "past_due" | "unpaid" | "paused" | "cancelled" | "incomplete" | "completed";
                    customer_reference?: string;
                    customer_id?: string;
                    q?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": [
                         *         {
                         *           "id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *           "status": "active",
                         *           "plan_id": "04e62440-0648-4737-80e3-36142fb50361",
                         *           "pending_plan_id": null,
                         *           "card_token": "customer-42",
                         *           "customer_reference": "cust-42",
                         *           "customer_id": null,
                         *           "quantity": 1,
                         *           "time_zone": "UTC",
                         *           "current_period_start": "2026-11-22T07:22:29.328Z",
                         *           "current_period_end": "2026-12-22T07:22:29.328Z",
                         *           "next_charge_at": "2026-12-22T07:22:29.328Z",
                         *           "trial_end": null,
                         *           "cancel_at_period_end": false,
                         *           "created_at": "2026-11-22T07:22:29.358Z",
                         *           "cancelled_at": null,
                         *           "paused_at": null,
                         *           "metadata": {
                         *             "crm_id": "42"
                         *           },
                         *           "test_clock_id": null,
                         *           "tax_rate_ids": []
                         *         }
                         *       ],
                         *       "errors": [],
                         *       "test": true,
                         *       "records": 1,
                         *       "total_records": 1,
                         *       "page": 1,
                         *       "total_pages": 1
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Subscribe a card to a plan
         * @description Starts billing a stored card (token or alias) on a plan, in advance: the first period is charged when the subscription starts (now, `start_date`, or at the trial's end). Optional customer (`customer_id`: its credit pays the invoices first), seats (`quantity`), a coupon, a billing anchor, a time zone, metadata and, in the sandbox, a test clock.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "plan_id": "04e62440-0648-4737-80e3-36142fb50361",
                     *       "card_token": "customer-42",
                     *       "customer_reference": "cust-42",
                     *       "metadata": {
                     *         "crm_id": "42"
                     *       }
                     *     }
                     */
                    "application/json": {
                        plan_id: string;
                        card_token: string;
                        customer_reference: string;
                        /** Format: uuid */
                        customer_id?: string;
                        quantity?: number;
                        coupon?: string;
                        /**
                         * Format: date-time
                         * @description An ISO 8601 date-time with an offset, must be between 1970-01-01T00:00:00Z and 2999-12-31T23:59:59Z
                         */
                        billing_anchor?: string;
                        /** @description An ISO 8601 date or date-time with an offset, must be between 1970-01-01T00:00:00Z and 2999-12-31T23:59:59Z */
                        start_date?: string;
                        time_zone?: string;
                        metadata?: {
                            [key: string]: string;
                        };
                        /** Format: uuid */
                        test_clock_id?: string;
                        tax_rate_ids?: string[];
                        test?: boolean;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *         "status": "active",
                         *         "plan_id": "04e62440-0648-4737-80e3-36142fb50361",
                         *         "pending_plan_id": null,
                         *         "card_token": "customer-42",
                         *         "customer_reference": "cust-42",
                         *         "customer_id": null,
                         *         "quantity": 1,
                         *         "time_zone": "UTC",
                         *         "current_period_start": "2026-11-22T07:22:29.328Z",
                         *         "current_period_end": "2026-12-22T07:22:29.328Z",
                         *         "next_charge_at": "2026-12-22T07:22:29.328Z",
                         *         "trial_end": null,
                         *         "cancel_at_period_end": false,
                         *         "created_at": "2026-11-22T07:22:29.358Z",
                         *         "cancelled_at": null,
                         *         "paused_at": null,
                         *         "metadata": {
                         *           "crm_id": "42"
                         *         },
                         *         "test_clock_id": null,
                         *         "tax_rate_ids": []
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a subscription
         * @description One subscription. Unknown: 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *         "status": "active",
                         *         "plan_id": "04e62440-0648-4737-80e3-36142fb50361",
                         *         "pending_plan_id": null,
                         *         "card_token": "customer-42",
                         *         "customer_reference": "cust-42",
                         *         "customer_id": null,
                         *         "quantity": 1,
                         *         "time_zone": "UTC",
                         *         "current_period_start": "2026-11-22T07:22:29.328Z",
                         *         "current_period_end": "2026-12-22T07:22:29.328Z",
                         *         "next_charge_at": "2026-12-22T07:22:29.328Z",
                         *         "trial_end": null,
                         *         "cancel_at_period_end": false,
                         *         "created_at": "2026-11-22T07:22:29.358Z",
                         *         "cancelled_at": null,
                         *         "paused_at": null,
                         *         "metadata": {
                         *           "crm_id": "42"
                         *         },
                         *         "test_clock_id": null,
                         *         "tax_rate_ids": []
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        /**
         * Change a subscription
         * @description A new card, metadata, coupon or customer (`customer_id`, or null for none); or a new plan or seat count, from the next period (the default) or `effective: "now"`, prorated: the net is invoiced at once or kept as credit (the customer's `credit_balance` where the subscription has a customer, else its own).
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "quantity": 5,
                     *       "effective": "now"
                     *     }
                     */
                    "application/json": {
                        card_token?: string;
                        customer_id?: string | null;
                        metadata?: {
                            [key: string]: string;
                        };
                        plan_id?: string;
                        quantity?: number;
                        coupon?: string | null;
                        /** @enum {string} */
                        effective?: "next_period" | "now";
                        prorate?: boolean;
                        tax_rate_ids?: string[];
                        test?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *         "status": "active",
                         *         "plan_id": "04e62440-0648-4737-80e3-36142fb50361",
                         *         "pending_plan_id": null,
                         *         "card_token": "customer-42",
                         *         "customer_reference": "cust-42",
                         *         "customer_id": null,
                         *         "quantity": 5,
                         *         "time_zone": "UTC",
                         *         "current_period_start": "2026-11-22T07:22:29.328Z",
                         *         "current_period_end": "2026-12-22T07:22:29.328Z",
                         *         "next_charge_at": "2026-12-22T07:22:29.328Z",
                         *         "trial_end": null,
                         *         "cancel_at_period_end": false,
                         *         "created_at": "2026-11-22T07:22:29.358Z",
                         *         "cancelled_at": null,
                         *         "paused_at": null,
                         *         "metadata": {
                         *           "crm_id": "42"
                         *         },
                         *         "test_clock_id": null,
                         *         "tax_rate_ids": []
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description The record is in a state that refuses this operation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/subscriptions/{id}/timeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A subscription’s timeline
         * @description What happened to the subscription and its invoices, newest first, paginated: created, MRR movements, invoices created, finalized, paid, voided, attempts with their decline code, class and advice, the retry scheduled or the hold for a card update, network caps hit (`invoice.retry_capped`), card updates (`card.updated`), refunds and credit notes, and each webhook delivery of the subscription’s events (`webhook.delivery`: its status and tries, to resend with `POST /webhooks/{id}/deliveries/{delivery_id}/retry`) (docs/api.md). Unknown: 404.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    test?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": [
                         *         {
                         *           "at": "2027-02-01T00:00:00.000Z",
                         *           "type": "attempt.declined",
                         *           "invoice_id": "uuid",
                         *           "details": {}
                         *         }
                         *       ],
                         *       "errors": [],
                         *       "test": true,
                         *       "records": 1,
                         *       "total_records": 1,
                         *       "page": 1,
                         *       "total_pages": 1
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/subscriptions/{id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview a subscription change
         * @description The body of PUT /subscriptions/{id}; answers what that change would make, made by the same code and rolled back: `{preview: true, subscription, invoices}`, the invoices it would write and charge at once (a proration, the usage so far) with their lines, tax and totals. Nothing is kept or charged; refusals are those of the change.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        card_token?: string;
                        customer_id?: string | null;
                        metadata?: {
                            [key: string]: string;
                        };
                        plan_id?: string;
                        quantity?: number;
                        coupon?: string | null;
                        /** @enum {string} */
                        effective?: "next_period" | "now";
                        prorate?: boolean;
                        tax_rate_ids?: string[];
                        test?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "preview": true,
                         *         "subscription": {
                         *           "id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *           "status": "active",
                         *           "plan_id": "04e62440-0648-4737-80e3-36142fb50361",
                         *           "pending_plan_id": null,
                         *           "card_token": "customer-42",
                         *           "customer_reference": "cust-42",
                         *           "customer_id": null,
                         *           "quantity": 1,
                         *           "time_zone": "UTC",
                         *           "current_period_start": "2026-11-22T07:22:29.328Z",
                         *           "current_period_end": "2026-12-22T07:22:29.328Z",
                         *           "next_charge_at": "2026-12-22T07:22:29.328Z",
                         *           "trial_end": null,
                         *           "cancel_at_period_end": false,
                         *           "created_at": "2026-11-22T07:22:29.358Z",
                         *           "cancelled_at": null,
                         *           "paused_at": null,
                         *           "metadata": {
                         *             "crm_id": "42"
                         *           },
                         *           "test_clock_id": null,
                         *           "tax_rate_ids": []
                         *         },
                         *         "invoices": []
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description The record is in a state that refuses this operation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/subscriptions/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a subscription
         * @description No invoices while paused; `next_charge_at` becomes null.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *         "status": "paused",
                         *         "plan_id": "04e62440-0648-4737-80e3-36142fb50361",
                         *         "pending_plan_id": null,
                         *         "card_token": "customer-42",
                         *         "customer_reference": "cust-42",
                         *         "customer_id": null,
                         *         "quantity": 1,
                         *         "time_zone": "UTC",
                         *         "current_period_start": "2026-11-22T07:22:29.328Z",
                         *         "current_period_end": "2026-12-22T07:22:29.328Z",
                         *         "next_charge_at": null,
                         *         "trial_end": null,
                         *         "cancel_at_period_end": false,
                         *         "created_at": "2026-11-22T07:22:29.358Z",
                         *         "cancelled_at": null,
                         *         "paused_at": "2026-11-22T07:23:56.205Z",
                         *         "metadata": {
                         *           "crm_id": "42"
                         *         },
                         *         "test_clock_id": null,
                         *         "tax_rate_ids": []
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description The record is in a state that refuses this operation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/subscriptions/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a paused subscription
         * @description Billing restarts with the first period that begins after the resume.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *         "status": "active",
                         *         "plan_id": "04e62440-0648-4737-80e3-36142fb50361",
                         *         "pending_plan_id": null,
                         *         "card_token": "customer-42",
                         *         "customer_reference": "cust-42",
                         *         "customer_id": null,
                         *         "quantity": 1,
                         *         "time_zone": "UTC",
                         *         "current_period_start": "2026-11-22T07:22:29.328Z",
                         *         "current_period_end": "2026-12-22T07:22:29.328Z",
                         *         "next_charge_at": "2026-12-22T07:22:29.328Z",
                         *         "trial_end": null,
                         *         "cancel_at_period_end": false,
                         *         "created_at": "2026-11-22T07:22:29.358Z",
                         *         "cancelled_at": null,
                         *         "paused_at": null,
                         *         "metadata": {
                         *           "crm_id": "42"
                         *         },
                         *         "test_clock_id": null,
                         *         "tax_rate_ids": []
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description The record is in a state that refuses this operation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/subscriptions/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a subscription
         * @description Cancels now, or with `at_period_end: true` at the end of the period already paid for (no further invoice).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "at_period_end": true
                     *     }
                     */
                    "application/json": {
                        at_period_end?: boolean;
                        test?: boolean;
                    } | null;
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *         "status": "active",
                         *         "plan_id": "04e62440-0648-4737-80e3-36142fb50361",
                         *         "pending_plan_id": null,
                         *         "card_token": "customer-42",
                         *         "customer_reference": "cust-42",
                         *         "customer_id": null,
                         *         "quantity": 1,
                         *         "time_zone": "UTC",
                         *         "current_period_start": "2026-11-22T07:22:29.328Z",
                         *         "current_period_end": "2026-12-22T07:22:29.328Z",
                         *         "next_charge_at": "2026-12-22T07:22:29.328Z",
                         *         "trial_end": null,
                         *         "cancel_at_period_end": true,
                         *         "created_at": "2026-11-22T07:22:29.358Z",
                         *         "cancelled_at": null,
                         *         "paused_at": null,
                         *         "metadata": {
                         *           "crm_id": "42"
                         *         },
                         *         "test_clock_id": null,
                         *         "tax_rate_ids": []
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description The record is in a state that refuses this operation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/coupons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List coupons
         * @description Coupons with `times_redeemed`, newest first, paginated.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    test?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": [
                         *         {
                         *           "code": "LAUNCH20",
                         *           "name": "Launch: 20% off for 3 months",
                         *           "percent_off": 20,
                         *           "amount_off": null,
                         *           "currency": null,
                         *           "duration": "repeating",
                         *           "duration_in_periods": 3,
                         *           "max_redemptions": 100,
                         *           "redeem_by": "2027-03-31T00:00:00.000Z",
                         *           "times_redeemed": 0,
                         *           "status": "active",
                         *           "created_at": "2026-11-22T07:22:40.000Z",
                         *           "archived_at": null
                         *         }
                         *       ],
                         *       "errors": [],
                         *       "test": true,
                         *       "records": 1,
                         *       "total_records": 1,
                         *       "page": 1,
                         *       "total_pages": 1
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a coupon
         * @description `percent_off`, or `amount_off` in minor units with its `currency`, for one period (`once`), `repeating` for `duration_in_periods`, or `forever`; optionally limited in redemptions and time.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "code": "LAUNCH20",
                     *       "name": "Launch: 20% off for 3 months",
                     *       "percent_off": 20,
                     *       "duration": "repeating",
                     *       "duration_in_periods": 3,
                     *       "max_redemptions": 100
                     *     }
                     */
                    "application/json": {
                        code: string;
                        name?: string;
                        percent_off?: number;
                        amount_off?: number;
                        currency?: string;
                        /** @enum {string} */
                        duration: "once" | "repeating" | "forever";
                        duration_in_periods?: number;
                        max_redemptions?: number;
                        /**
                         * Format: date-time
                         * @description An ISO 8601 date-time with an offset, must be between 1970-01-01T00:00:00Z and 2999-12-31T23:59:59Z
                         */
                        redeem_by?: string;
                        test?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "code": "LAUNCH20",
                         *         "name": "Launch: 20% off for 3 months",
                         *         "percent_off": 20,
                         *         "amount_off": null,
                         *         "currency": null,
                         *         "duration": "repeating",
                         *         "duration_in_periods": 3,
                         *         "max_redemptions": 100,
                         *         "redeem_by": "2027-03-31T00:00:00.000Z",
                         *         "times_redeemed": 0,
                         *         "status": "active",
                         *         "created_at": "2026-11-22T07:22:40.000Z",
                         *         "archived_at": null
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/coupons/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a coupon
         * @description One coupon by its code. Unknown: 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    code: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "code": "LAUNCH20",
                         *         "name": "Launch: 20% off for 3 months",
                         *         "percent_off": 20,
                         *         "amount_off": null,
                         *         "currency": null,
                         *         "duration": "repeating",
                         *         "duration_in_periods": 3,
                         *         "max_redemptions": 100,
                         *         "redeem_by": "2027-03-31T00:00:00.000Z",
                         *         "times_redeemed": 0,
                         *         "status": "active",
                         *         "created_at": "2026-11-22T07:22:40.000Z",
                         *         "archived_at": null
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/coupons/{code}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a coupon
         * @description No new redemptions; subscriptions holding it keep their discount.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    code: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "code": "LAUNCH20",
                         *         "name": "Launch: 20% off for 3 months",
                         *         "percent_off": 20,
                         *         "amount_off": null,
                         *         "currency": null,
                         *         "duration": "repeating",
                         *         "duration_in_periods": 3,
                         *         "max_redemptions": 100,
                         *         "redeem_by": "2027-03-31T00:00:00.000Z",
                         *         "times_redeemed": 0,
                         *         "status": "archived",
                         *         "created_at": "2026-11-22T07:22:40.000Z",
                         *         "archived_at": "2027-01-01T00:00:00.000Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/billable_metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List billable metrics
         * @description Billable metrics, archived ones too, newest first, paginated.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    test?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": [
                         *         {
                         *           "id": "5b0f7d0e-9c55-4d8e-a0c4-2f1f0e6b7a11",
                         *           "code": "api_calls",
                         *           "name": "API calls",
                         *           "aggregation": "count",
                         *           "field": null,
                         *           "filters": {
                         *             "region": [
                         *               "eu",
                         *               "us"
                         *             ]
                         *           },
                         *           "status": "active",
                         *           "created_at": "2026-11-27T16:40:00.000Z",
                         *           "archived_at": null
                         *         }
                         *       ],
                         *       "errors": [],
                         *       "test": true,
                         *       "records": 1,
                         *       "total_records": 1,
                         *       "page": 1,
                         *       "total_pages": 1
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a billable metric
         * @description What usage events count: `code` (unique per merchant and environment, letters, digits, `-`, `_`), `name`, `aggregation` (`count`, `sum`, `max`, `unique_count`, `latest`), `field` (the event property aggregated: required except for `count`, refused with it) and `filters` (`{property: [values]}`: only events whose property is one of the values count). A code taken: 409. Emits `billable_metric.created`. Plans price metrics with `prices` (POST /plans).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "code": "api_calls",
                     *       "name": "API calls",
                     *       "aggregation": "count",
                     *       "filters": {
                     *         "region": [
                     *           "eu",
                     *           "us"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        code: string;
                        name: string;
                        /** @enum {string} */
                        aggregation: "count" | "sum" | "max" | "unique_count" | "latest";
                        field?: string;
                        filters?: {
                            [key: string]: (string | number)[];
                        };
                        test?: boolean;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "5b0f7d0e-9c55-4d8e-a0c4-2f1f0e6b7a11",
                         *         "code": "api_calls",
                         *         "name": "API calls",
                         *         "aggregation": "count",
                         *         "field": null,
                         *         "filters": {
                         *           "region": [
                         *             "eu",
                         *             "us"
                         *           ]
                         *         },
                         *         "status": "active",
                         *         "created_at": "2026-11-27T16:40:00.000Z",
                         *         "archived_at": null
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description The record is in a state that refuses this operation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/billable_metrics/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a billable metric
         * @description One billable metric by its code or its id. Unknown: 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    key: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "5b0f7d0e-9c55-4d8e-a0c4-2f1f0e6b7a11",
                         *         "code": "api_calls",
                         *         "name": "API calls",
                         *         "aggregation": "count",
                         *         "field": null,
                         *         "filters": {
                         *           "region": [
                         *             "eu",
                         *             "us"
                         *           ]
                         *         },
                         *         "status": "active",
                         *         "created_at": "2026-11-27T16:40:00.000Z",
                         *         "archived_at": null
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/billable_metrics/{key}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a billable metric
         * @description By code or id. New events for it are refused (`metric_archived`); the events already counted stay and still aggregate. The code is not reused. Emits `billable_metric.archived` (once).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path: {
                    key: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "5b0f7d0e-9c55-4d8e-a0c4-2f1f0e6b7a11",
                         *         "code": "api_calls",
                         *         "name": "API calls",
                         *         "aggregation": "count",
                         *         "field": null,
                         *         "filters": {
                         *           "region": [
                         *             "eu",
                         *             "us"
                         *           ]
                         *         },
                         *         "status": "archived",
                         *         "created_at": "2026-11-27T16:40:00.000Z",
                         *         "archived_at": "2027-01-01T00:00:00.000Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/usage_events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send usage events
         * @description One event, or `{events: [...]}` of 1 to 1,000: `transaction_id` (the idempotency key, unique per merchant and environment), `subscription_id` or `customer_id` (the customer's one subscription live at the timestamp), `code` (a billable metric), `timestamp`, `properties`. Each event is answered on its own: `accepted`, `duplicate` (a transaction id seen before, or earlier in the batch: ignored) or `refused` with a `reason` (`invalid_event`, `subscription_not_found`, `customer_not_found`, `no_subscription_at_timestamp`, `several_subscriptions`, `metric_not_found`, `metric_archived`, `outside_subscription`, `missing_field`, `archived_month`, `period_invoiced`: a late event refused by the `late_usage` setting, or an event of a subscription that has ended). Refused events are not written; the others are written together, in one transaction. HTTP 200 whatever the outcomes; a body that is not one event or a batch (e.g. `events` empty or over 1,000) is a 422.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "events": [
                     *         {
                     *           "transaction_id": "req_7f3a91",
                     *           "subscription_id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                     *           "code": "api_calls",
                     *           "timestamp": "2026-12-03T10:15:00Z",
                     *           "properties": {
                     *             "region": "eu"
                     *           }
                     *         },
                     *         {
                     *           "transaction_id": "req_7f3a92",
                     *           "subscription_id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                     *           "code": "storage_gb",
                     *           "timestamp": "2026-12-03T10:15:00Z",
                     *           "properties": {
                     *             "region": "eu"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        events?: unknown[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "accepted": 1,
                         *         "duplicates": 0,
                         *         "refused": 1,
                         *         "events": [
                         *           {
                         *             "index": 0,
                         *             "transaction_id": "req_7f3a91",
                         *             "status": "accepted"
                         *           },
                         *           {
                         *             "index": 1,
                         *             "transaction_id": "req_7f3a92",
                         *             "status": "refused",
                         *             "reason": {
                         *               "code": "metric_not_found",
                         *               "message": "Billable metric storage_gb could not be found"
                         *             }
                         *           }
                         *         ]
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/subscriptions/{id}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a subscription's usage
         * @description The usage over [`from`, `to`) — by default the current period — per billable metric of the merchant: the aggregated `quantity`, the `events` counted and, for the metrics the subscription's plan prices, the `amount` it would bill now with the `tiers` applied (null for a metric the plan does not price); `amount` at the top sums them (the upcoming usage, before coupon and tax).
         */
        get: {
            parameters: {
                query?: {
                    /** @description An ISO 8601 date-time with an offset, must be between 1970-01-01T00:00:00Z and 2999-12-31T23:59:59Z */
                    from?: string;
                    /** @description An ISO 8601 date-time with an offset, must be between 1970-01-01T00:00:00Z and 2999-12-31T23:59:59Z */
                    to?: string;
                    test?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "subscription_id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *         "from": "2026-12-01T00:00:00.000Z",
                         *         "to": "2027-01-01T00:00:00.000Z",
                         *         "metrics": [
                         *           {
                         *             "code": "api_calls",
                         *             "name": "API calls",
                         *             "aggregation": "count",
                         *             "status": "active",
                         *             "quantity": 1250,
                         *             "events": 1250,
                         *             "amount": 500,
                         *             "tiers": [
                         *               {
                         *                 "tier": 1,
                         *                 "from_unit": 1,
                         *                 "to_unit": 1000,
                         *                 "units": 1000,
                         *                 "unit_amount": 0,
                         *                 "flat_amount": 0,
                         *                 "amount": 0
                         *               },
                         *               {
                         *                 "tier": 2,
                         *                 "from_unit": 1001,
                         *                 "to_unit": 1250,
                         *                 "units": 250,
                         *                 "unit_amount": 2,
                         *                 "flat_amount": 0,
                         *                 "amount": 500
                         *               }
                         *             ]
                         *           }
                         *         ],
                         *         "amount": 500
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List customers
         * @description Customers not deleted, newest first, paginated; `email` matches exactly, in any case; `q` searches by id, name, e-mail, or a subscription’s reference or card’s last four (docs/api.md, Search).
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    test?: string;
                    email?: string;
                    q?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": [
                         *         {
                         *           "id": "5f3c2a9e-8d41-4b7a-9c2e-6a1d0b7e4f21",
                         *           "name": "Acme Pty Ltd",
                         *           "email": "accounts@acme.example",
                         *           "phone": "+61 2 9876 5432",
                         *           "address": {
                         *             "line1": "1 George St",
                         *             "line2": "Level 10",
                         *             "city": "Sydney",
                         *             "state": "NSW",
                         *             "postal_code": "2000",
                         *             "country": "AU"
                         *           },
                         *           "tax_ids": [
                         *             {
                         *               "type": "au_abn",
                         *               "value": "51824753556",
                         *               "country": "AU"
                         *             }
                         *           ],
                         *           "currency": "AUD",
                         *           "locale": "en-AU",
                         *           "metadata": {
                         *             "crm_id": "42"
                         *           },
                         *           "credit_balance": 0,
                         *           "invoice_prefix": "QKZMBTRA",
                         *           "created_at": "2026-11-22T07:21:58.112Z",
                         *           "updated_at": "2026-11-22T07:21:58.112Z"
                         *         }
                         *       ],
                         *       "errors": [],
                         *       "test": true,
                         *       "records": 1,
                         *       "total_records": 1,
                         *       "page": 1,
                         *       "total_pages": 1
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a customer
         * @description Who a merchant bills: a name, optional e-mail, phone, postal address (`country` ISO 3166-1 alpha-2), tax ids checked for their format (EU VAT patterns, the ABN checksum…) and stored normalised, currency, locale and metadata. `invoice_prefix` (1–12 of A–Z 0–9, unique per merchant) is generated (8 letters) when not given; a taken one is 409 `invoice_prefix_taken`.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "Acme Pty Ltd",
                     *       "email": "accounts@acme.example",
                     *       "phone": "+61 2 9876 5432",
                     *       "address": {
                     *         "line1": "1 George St",
                     *         "line2": "Level 10",
                     *         "city": "Sydney",
                     *         "state": "NSW",
                     *         "postal_code": "2000",
                     *         "country": "AU"
                     *       },
                     *       "tax_ids": [
                     *         {
                     *           "type": "au_abn",
                     *           "value": "51 824 753 556"
                     *         }
                     *       ],
                     *       "currency": "AUD",
                     *       "locale": "en-AU",
                     *       "metadata": {
                     *         "crm_id": "42"
                     *       }
                     *     }
                     */
                    "application/json": {
                        name: string;
                        email?: string;
                        phone?: string;
                        address?: {
                            line1: string;
                            line2?: string | null;
                            city: string;
                            state?: string | null;
                            postal_code: string;
                            country: string;
                        };
                        tax_ids?: {
                            /** @enum {string} */
                            type: "eu_vat" | "gb_vat" | "au_abn" | "nz_gst" | "us_ein" | "ch_vat" | "no_vat" | "ca_bn";
                            value: string;
                        }[];
                        currency?: string;
                        locale?: string;
                        metadata?: {
                            [key: string]: string;
                        };
                        invoice_prefix?: string;
                        test?: boolean;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "5f3c2a9e-8d41-4b7a-9c2e-6a1d0b7e4f21",
                         *         "name": "Acme Pty Ltd",
                         *         "email": "accounts@acme.example",
                         *         "phone": "+61 2 9876 5432",
                         *         "address": {
                         *           "line1": "1 George St",
                         *           "line2": "Level 10",
                         *           "city": "Sydney",
                         *           "state": "NSW",
                         *           "postal_code": "2000",
                         *           "country": "AU"
                         *         },
                         *         "tax_ids": [
                         *           {
                         *             "type": "au_abn",
                         *             "value": "51824753556",
                         *             "country": "AU"
                         *           }
                         *         ],
                         *         "currency": "AUD",
                         *         "locale": "en-AU",
                         *         "metadata": {
                         *           "crm_id": "42"
                         *         },
                         *         "credit_balance": 0,
                         *         "invoice_prefix": "QKZMBTRA",
                         *         "created_at": "2026-11-22T07:21:58.112Z",
                         *         "updated_at": "2026-11-22T07:21:58.112Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description The record is in a state that refuses this operation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/customers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a customer
         * @description One customer, with its `credit_balance`. Unknown or deleted: 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "5f3c2a9e-8d41-4b7a-9c2e-6a1d0b7e4f21",
                         *         "name": "Acme Pty Ltd",
                         *         "email": "accounts@acme.example",
                         *         "phone": "+61 2 9876 5432",
                         *         "address": {
                         *           "line1": "1 George St",
                         *           "line2": "Level 10",
                         *           "city": "Sydney",
                         *           "state": "NSW",
                         *           "postal_code": "2000",
                         *           "country": "AU"
                         *         },
                         *         "tax_ids": [
                         *           {
                         *             "type": "au_abn",
                         *             "value": "51824753556",
                         *             "country": "AU"
                         *           }
                         *         ],
                         *         "currency": "AUD",
                         *         "locale": "en-AU",
                         *         "metadata": {
                         *           "crm_id": "42"
                         *         },
                         *         "credit_balance": 0,
                         *         "invoice_prefix": "QKZMBTRA",
                         *         "created_at": "2026-11-22T07:21:58.112Z",
                         *         "updated_at": "2026-11-22T07:21:58.112Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        /**
         * Change a customer
         * @description Changes the fields given, checked as on creation; `null` clears an optional field, `tax_ids` and `metadata` are replaced whole. The currency stays while the customer has subscriptions or credit (422); the invoice prefix until its invoices carry numbers (409).
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "email": "billing@acme.example",
                     *       "tax_ids": [
                     *         {
                     *           "type": "au_abn",
                     *           "value": "51824753556"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        name?: string;
                        email?: string | null;
                        phone?: string | null;
                        address?: {
                            line1: string;
                            line2?: string | null;
                            city: string;
                            state?: string | null;
                            postal_code: string;
                            country: string;
                        } | null;
                        tax_ids?: {
                            /** @enum {string} */
                            type: "eu_vat" | "gb_vat" | "au_abn" | "nz_gst" | "us_ein" | "ch_vat" | "no_vat" | "ca_bn";
                            value: string;
                        }[];
                        currency?: string | null;
                        locale?: string | null;
                        metadata?: {
                            [key: string]: string;
                        };
                        invoice_prefix?: string;
                        test?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "5f3c2a9e-8d41-4b7a-9c2e-6a1d0b7e4f21",
                         *         "name": "Acme Pty Ltd",
                         *         "email": "billing@acme.example",
                         *         "phone": "+61 2 9876 5432",
                         *         "address": {
                         *           "line1": "1 George St",
                         *           "line2": "Level 10",
                         *           "city": "Sydney",
                         *           "state": "NSW",
                         *           "postal_code": "2000",
                         *           "country": "AU"
                         *         },
                         *         "tax_ids": [
                         *           {
                         *             "type": "au_abn",
                         *             "value": "51824753556",
                         *             "country": "AU"
                         *           }
                         *         ],
                         *         "currency": "AUD",
                         *         "locale": "en-AU",
                         *         "metadata": {
                         *           "crm_id": "42"
                         *         },
                         *         "credit_balance": 0,
                         *         "invoice_prefix": "QKZMBTRA",
                         *         "created_at": "2026-11-22T07:21:58.112Z",
                         *         "updated_at": "2026-11-23T02:10:00.000Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description The record is in a state that refuses this operation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a customer
         * @description Deletes a customer whose subscriptions are all cancelled or completed (409 `customer_has_subscriptions` otherwise) and answers it; from then on it answers 404 and no subscription can take it. Its invoices keep naming it.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "5f3c2a9e-8d41-4b7a-9c2e-6a1d0b7e4f21",
                         *         "name": "Acme Pty Ltd",
                         *         "email": "accounts@acme.example",
                         *         "phone": "+61 2 9876 5432",
                         *         "address": {
                         *           "line1": "1 George St",
                         *           "line2": "Level 10",
                         *           "city": "Sydney",
                         *           "state": "NSW",
                         *           "postal_code": "2000",
                         *           "country": "AU"
                         *         },
                         *         "tax_ids": [
                         *           {
                         *             "type": "au_abn",
                         *             "value": "51824753556",
                         *             "country": "AU"
                         *           }
                         *         ],
                         *         "currency": "AUD",
                         *         "locale": "en-AU",
                         *         "metadata": {
                         *           "crm_id": "42"
                         *         },
                         *         "credit_balance": 0,
                         *         "invoice_prefix": "QKZMBTRA",
                         *         "created_at": "2026-11-22T07:21:58.112Z",
                         *         "updated_at": "2026-12-01T00:00:00.000Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description The record is in a state that refuses this operation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/customers/{id}/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a customer's subscriptions
         * @description Its subscriptions, whatever their status, newest first, paginated.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    test?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": [
                         *         {
                         *           "id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *           "status": "active",
                         *           "plan_id": "04e62440-0648-4737-80e3-36142fb50361",
                         *           "pending_plan_id": null,
                         *           "card_token": "customer-42",
                         *           "customer_reference": "cust-42",
                         *           "customer_id": "5f3c2a9e-8d41-4b7a-9c2e-6a1d0b7e4f21",
                         *           "quantity": 1,
                         *           "time_zone": "UTC",
                         *           "current_period_start": "2026-11-22T07:22:29.328Z",
                         *           "current_period_end": "2026-12-22T07:22:29.328Z",
                         *           "next_charge_at": "2026-12-22T07:22:29.328Z",
                         *           "trial_end": null,
                         *           "cancel_at_period_end": false,
                         *           "created_at": "2026-11-22T07:22:29.358Z",
                         *           "cancelled_at": null,
                         *           "paused_at": null,
                         *           "metadata": {
                         *             "crm_id": "42"
                         *           },
                         *           "test_clock_id": null,
                         *           "tax_rate_ids": []
                         *         }
                         *       ],
                         *       "errors": [],
                         *       "test": true,
                         *       "records": 1,
                         *       "total_records": 1,
                         *       "page": 1,
                         *       "total_pages": 1
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/customers/{id}/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a customer's invoices
         * @description The invoices written for its subscriptions while they belonged to it, newest period first, paginated.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    test?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": [
                         *         {
                         *           "id": "c4d834de-3b9e-4c5b-95df-256b85590e03",
                         *           "subscription_id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *           "period_start": "2026-11-22T07:22:29.328Z",
                         *           "period_end": "2026-12-22T07:22:29.328Z",
                         *           "lines": [
                         *             {
                         *               "kind": "plan",
                         *               "description": "Pro",
                         *               "quantity": 1,
                         *               "unit_amount": 2900,
                         *               "amount": 2900
                         *             }
                         *           ],
                         *           "subtotal": 2900,
                         *           "discount": 0,
                         *           "credit_applied": 0,
                         *           "amount": 2900,
                         *           "currency": "AUD",
                         *           "status": "paid",
                         *           "next_attempt_at": null,
                         *           "paid_at": "2026-11-22T07:22:29.491Z",
                         *           "created_at": "2026-11-22T07:22:29.404Z",
                         *           "attempts": [
                         *             {
                         *               "number": 1,
                         *               "reference": "c4d834de-3b9e-4c5b-95df-256b85590e03-1",
                         *               "purchase_id": "DOCS-P-UIMVOLEO",
                         *               "status": "approved",
                         *               "response_code": "00",
                         *               "message": "Approved",
                         *               "decline_class": "approved",
                         *               "advice_code": null,
                         *               "created_at": "2026-11-22T07:22:29.470Z"
                         *             }
                         *           ],
                         *           "customer_id": "5f3c2a9e-8d41-4b7a-9c2e-6a1d0b7e4f21"
                         *         }
                         *       ],
                         *       "errors": [],
                         *       "test": true,
                         *       "records": 1,
                         *       "total_records": 1,
                         *       "page": 1,
                         *       "total_pages": 1
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/customers/{id}/emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a customer's e-mails
         * @description The e-mails Recur wrote to the customer (docs/emails.md), newest first, paginated: `kind`, `recipient`, `status` (`pending`: to send, or to try again at `next_attempt_at`; `sent`; `failed`: its tries spent, `last_error` says why; `outbox`: kept in the local outbox, never sent), `attempts`, the relay's `message_id`, `subject`.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    test?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": [
                         *         {
                         *           "id": "3b7c1f0e-5a2d-4c8e-9f61-0d2e4a6b8c10",
                         *           "customer_id": "7d3c2f4e-8a1b-4c5d-9e6f-0a1b2c3d4e5f",
                         *           "kind": "invoice_finalized",
                         *           "event_id": "5e4d3c2b-1a09-4f8e-8d7c-6b5a49382716",
                         *           "recipient": "jurgen@example.de",
                         *           "locale": "de-DE",
                         *           "status": "sent",
                         *           "attempts": 1,
                         *           "next_attempt_at": null,
                         *           "last_error": null,
                         *           "message_id": "<1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9@nordlicht.example>",
                         *           "subject": "Rechnung INV-000042 von Nordlicht Software GmbH",
                         *           "sent_at": "2026-11-01T00:00:04.000Z",
                         *           "created_at": "2026-11-01T00:00:01.000Z"
                         *         }
                         *       ],
                         *       "errors": [],
                         *       "test": true,
                         *       "records": 1,
                         *       "total_records": 1,
                         *       "page": 1,
                         *       "total_pages": 1
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/emails/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an e-mail
         * @description One e-mail with `text`, its plain-text part as rendered (null until it is). Unknown: 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "3b7c1f0e-5a2d-4c8e-9f61-0d2e4a6b8c10",
                         *         "customer_id": "7d3c2f4e-8a1b-4c5d-9e6f-0a1b2c3d4e5f",
                         *         "kind": "invoice_finalized",
                         *         "event_id": "5e4d3c2b-1a09-4f8e-8d7c-6b5a49382716",
                         *         "recipient": "jurgen@example.de",
                         *         "locale": "de-DE",
                         *         "status": "sent",
                         *         "attempts": 1,
                         *         "next_attempt_at": null,
                         *         "last_error": null,
                         *         "message_id": "<1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9@nordlicht.example>",
                         *         "subject": "Rechnung INV-000042 von Nordlicht Software GmbH",
                         *         "sent_at": "2026-11-01T00:00:04.000Z",
                         *         "created_at": "2026-11-01T00:00:01.000Z",
                         *         "text": "Hallo Jürgen,\n\nIhre Rechnung INV-000042 über EUR 29.00 liegt vor.\n…"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/subscriptions/{id}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a subscription's pending items
         * @description The one-off items not yet invoiced.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": [
                         *         {
                         *           "id": "7b0e1f7c-2a51-4a53-9d2f-5f0b2b1f9c11",
                         *           "subscription_id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *           "description": "Onboarding session",
                         *           "amount": 15000,
                         *           "quantity": 1,
                         *           "tax_rate_ids": [],
                         *           "invoice_id": null,
                         *           "created_at": "2026-11-22T07:23:10.000Z"
                         *         }
                         *       ],
                         *       "errors": [],
                         *       "test": true,
                         *       "records": 1,
                         *       "total_records": 1,
                         *       "page": 1,
                         *       "total_pages": 1
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Add a one-off item
         * @description A one-off charge (`amount` in minor units: 15000 = AUD 150.00, times `quantity`) on the next period invoice, or with `invoice_now: true` invoiced and charged at once.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "description": "Onboarding session",
                     *       "amount": 15000
                     *     }
                     */
                    "application/json": {
                        description: string;
                        amount: number;
                        /** @default 1 */
                        quantity?: number;
                        /** @default false */
                        invoice_now?: boolean;
                        tax_rate_ids?: string[];
                        test?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "7b0e1f7c-2a51-4a53-9d2f-5f0b2b1f9c11",
                         *         "subscription_id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *         "description": "Onboarding session",
                         *         "amount": 15000,
                         *         "quantity": 1,
                         *         "tax_rate_ids": [],
                         *         "invoice_id": null,
                         *         "created_at": "2026-11-22T07:23:10.000Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description The record is in a state that refuses this operation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/subscriptions/{id}/items/{item_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a pending item
         * @description One item of the subscription not yet invoiced. An unknown item or subscription: 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    item_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "7b0e1f7c-2a51-4a53-9d2f-5f0b2b1f9c11",
                         *         "subscription_id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *         "description": "Onboarding session",
                         *         "amount": 15000,
                         *         "quantity": 1,
                         *         "tax_rate_ids": [],
                         *         "invoice_id": null,
                         *         "created_at": "2026-11-22T07:23:10.000Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Remove a pending item
         * @description Removes an item not yet invoiced and answers it; 409 once it is on an invoice.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    item_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "7b0e1f7c-2a51-4a53-9d2f-5f0b2b1f9c11",
                         *         "subscription_id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *         "description": "Onboarding session",
                         *         "amount": 15000,
                         *         "quantity": 1,
                         *         "tax_rate_ids": [],
                         *         "invoice_id": null,
                         *         "created_at": "2026-11-22T07:23:10.000Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/tax_rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tax rates
         * @description Tax rates, newest first, paginated; `active=true` for those new objects may name, `active=false` for archived ones.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    test?: string;
                    active?: "true" | "false";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": [
                         *         {
                         *           "id": "5b8c1a9e-3f4d-4c2b-9a61-7e0d2c4f8a10",
                         *           "display_name": "GST",
                         *           "description": "Australian GST, included in prices",
                         *           "percentage": "10",
                         *           "inclusive": true,
                         *           "country": "AU",
                         *           "state": null,
                         *           "active": true,
                         *           "created_at": "2026-11-22T07:21:00.000Z",
                         *           "archived_at": null
                         *         }
                         *       ],
                         *       "errors": [],
                         *       "test": true,
                         *       "records": 1,
                         *       "total_records": 1,
                         *       "page": 1,
                         *       "total_pages": 1
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a tax rate
         * @description A percentage as a decimal string with up to 4 decimal places (`"10"`, `"8.875"`, 0 to 100), `inclusive` (the price contains it) or exclusive (added on top), and optionally the `country` (ISO 3166-1 alpha-2) and `state` it applies to where the merchant taxes automatically. Rates never change; archive one and create another.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "display_name": "GST",
                     *       "percentage": "10",
                     *       "inclusive": true,
                     *       "country": "AU",
                     *       "description": "Australian GST, included in prices"
                     *     }
                     */
                    "application/json": {
                        display_name: string;
                        percentage: string;
                        inclusive: boolean;
                        country?: string;
                        state?: string;
                        description?: string;
                        test?: boolean;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "5b8c1a9e-3f4d-4c2b-9a61-7e0d2c4f8a10",
                         *         "display_name": "GST",
                         *         "description": "Australian GST, included in prices",
                         *         "percentage": "10",
                         *         "inclusive": true,
                         *         "country": "AU",
                         *         "state": null,
                         *         "active": true,
                         *         "created_at": "2026-11-22T07:21:00.000Z",
                         *         "archived_at": null
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/tax_rates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a tax rate
         * @description One tax rate. Unknown: 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "5b8c1a9e-3f4d-4c2b-9a61-7e0d2c4f8a10",
                         *         "display_name": "GST",
                         *         "description": "Australian GST, included in prices",
                         *         "percentage": "10",
                         *         "inclusive": true,
                         *         "country": "AU",
                         *         "state": null,
                         *         "active": true,
                         *         "created_at": "2026-11-22T07:21:00.000Z",
                         *         "archived_at": null
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/tax_rates/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a tax rate
         * @description No new plan, subscription or item may name it (422); invoices already written keep it, and what already names it stays taxed by it. Automatic tax stops using it.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "5b8c1a9e-3f4d-4c2b-9a61-7e0d2c4f8a10",
                         *         "display_name": "GST",
                         *         "description": "Australian GST, included in prices",
                         *         "percentage": "10",
                         *         "inclusive": true,
                         *         "country": "AU",
                         *         "state": null,
                         *         "active": false,
                         *         "created_at": "2026-11-22T07:21:00.000Z",
                         *         "archived_at": "2027-01-01T00:00:00.000Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/settings/tax": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the tax settings
         * @description The merchant's tax settings in this environment: `automatic_tax` (false unless set).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "automatic_tax": true
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        /**
         * Change the tax settings
         * @description `automatic_tax: true` taxes lines that name no rate (on the item, the subscription or the plan) by the merchant's active rates for the customer's country and state. Applies to invoices written from then on.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "automatic_tax": true
                     *     }
                     */
                    "application/json": {
                        automatic_tax: boolean;
                        test?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "automatic_tax": true
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/analytics/mrr": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * MRR and its movements, per month
         * @description Per currency and month (UTC, `from` and `to` as `YYYY-MM`, both included; default the 12 months up to the current one, at most 60): MRR at the month’s start and end, its movements (`new`, `expansion`, `reactivation` positive; `contraction`, `churn` negative; their sum `net_change`), and the subscriptions with MRR at its end. A subscription’s MRR: its plan’s recurring amount (amount × quantity, or with a seats price the base fee plus the seats price’s amount) less a recurring coupon (forever or repeating), per month (a year’s ÷ 12, a week’s × 52 ÷ 12, a day’s × 365 ÷ 12, each ÷ the interval count), rounded half away from zero; active and past-due subscriptions only. Definitions: docs/analytics.md.
         */
        get: {
            parameters: {
                query?: {
                    from?: string;
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "from": "2027-01",
                         *         "to": "2027-01",
                         *         "series": [
                         *           {
                         *             "currency": "AUD",
                         *             "months": [
                         *               {
                         *                 "month": "2027-01",
                         *                 "mrr_start": 120000,
                         *                 "mrr": 125900,
                         *                 "new": 8700,
                         *                 "expansion": 2000,
                         *                 "contraction": -300,
                         *                 "churn": -5800,
                         *                 "reactivation": 1300,
                         *                 "net_change": 5900,
                         *                 "active_subscriptions": 42
                         *               }
                         *             ]
                         *           }
                         *         ]
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/analytics/revenue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Revenue collected and refunded, failed payments and dunning, per month
         * @description Per currency and month (the same `from` and `to` as MRR): `collected` (approved charges, by the month their invoice was paid, billing time), `refunded` (approved refunds, by the month they were made), `net`; `failed` (declined or failed attempts by decline class: how many, for how much); `dunning` (invoices first failing that month, those of them paid since, the amount recovered, and `recovery_rate` = recovered ÷ failed, null when none failed).
         */
        get: {
            parameters: {
                query?: {
                    from?: string;
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "from": "2027-01",
                         *         "to": "2027-01",
                         *         "series": [
                         *           {
                         *             "currency": "AUD",
                         *             "months": [
                         *               {
                         *                 "month": "2027-01",
                         *                 "collected": 412300,
                         *                 "refunded": 2900,
                         *                 "net": 409400,
                         *                 "failed": {
                         *                   "soft": {
                         *                     "attempts": 6,
                         *                     "amount": 17400
                         *                   },
                         *                   "hard": {
                         *                     "attempts": 1,
                         *                     "amount": 2900
                         *                   }
                         *                 },
                         *                 "dunning": {
                         *                   "failed_invoices": 5,
                         *                   "recovered_invoices": 4,
                         *                   "recovered_amount": 11600,
                         *                   "recovery_rate": 0.8
                         *                 }
                         *               }
                         *             ]
                         *           }
                         *         ]
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/analytics/past_due": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Invoices past due now
         * @description Per currency: how many invoices are past due, the amount still due, and how many of them wait for a card update.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "currencies": [
                         *           {
                         *             "currency": "AUD",
                         *             "invoices": 3,
                         *             "amount": 8700,
                         *             "held_for_card": 1
                         *           }
                         *         ]
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/analytics/renewals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Renewals in the next days
         * @description Subscriptions whose next charge falls in the next `days` (1 to 90, default 30; a test clock’s time for its subscriptions), per currency and day (UTC): how many, and their amount before tax, items and credit (the recurring amount of the plan that will bill at its quantity, less a coupon still held). Subscriptions cancelling at period end are left out.
         */
        get: {
            parameters: {
                query?: {
                    days?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "days": 30,
                         *         "currencies": [
                         *           {
                         *             "currency": "AUD",
                         *             "renewals": 2,
                         *             "amount": 5800,
                         *             "days": [
                         *               {
                         *                 "day": "2027-02-01",
                         *                 "renewals": 2,
                         *                 "amount": 5800
                         *               }
                         *             ]
                         *           }
                         *         ]
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/invoices/{id}/finalize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finalize a draft now
         * @description Finalizes a draft before its `finalizes_at`: it takes the next number of the gap-free sequence, `finalized_at`, the `bill_to` and `seller` snapshots, and becomes `open` (or `paid` when it owes 0), with an `invoice.finalized` event; then it is charged at once. Anything but a draft: 409.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "c4d834de-3b9e-4c5b-95df-256b85590e03",
                         *         "subscription_id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *         "period_start": "2026-11-22T07:22:29.328Z",
                         *         "period_end": "2026-12-22T07:22:29.328Z",
                         *         "lines": [
                         *           {
                         *             "id": "il_1",
                         *             "kind": "subscription",
                         *             "description": "Pro",
                         *             "quantity": 1,
                         *             "unit_amount": 2900,
                         *             "amount": 2900
                         *           },
                         *           {
                         *             "id": "il_2",
                         *             "kind": "item",
                         *             "description": "Onboarding session",
                         *             "quantity": 1,
                         *             "unit_amount": 15000,
                         *             "amount": 15000
                         *           }
                         *         ],
                         *         "subtotal": 17900,
                         *         "discount": 0,
                         *         "credit_applied": 0,
                         *         "amount": 17900,
                         *         "currency": "AUD",
                         *         "status": "paid",
                         *         "next_attempt_at": null,
                         *         "paid_at": "2026-11-22T09:00:00.000Z",
                         *         "created_at": "2026-11-22T07:22:29.404Z",
                         *         "attempts": [
                         *           {
                         *             "number": 1,
                         *             "reference": "c4d834de-3b9e-4c5b-95df-256b85590e03-1",
                         *             "purchase_id": "DOCS-P-UIMVOLEO",
                         *             "status": "approved",
                         *             "response_code": "00",
                         *             "message": "Approved",
                         *             "decline_class": "approved",
                         *             "advice_code": null,
                         *             "created_at": "2026-11-22T09:00:00.000Z"
                         *           }
                         *         ],
                         *         "number": "INV-000042",
                         *         "customer_id": null,
                         *         "kind": "period",
                         *         "tax": 0,
                         *         "tax_breakdown": [],
                         *         "total": 17900,
                         *         "amount_due": 17900,
                         *         "reverse_charge": false,
                         *         "credited_amount": 0,
                         *         "refunded_amount": 0,
                         *         "bill_to": null,
                         *         "seller": {
                         *           "legal_name": "Example Software Pty Ltd",
                         *           "address": {
                         *             "line1": "1 Market St",
                         *             "city": "Sydney",
                         *             "state": "NSW",
                         *             "postal_code": "2000",
                         *             "country": "AU"
                         *           },
                         *           "tax_id": "ABN 51 824 753 556",
                         *           "email": "billing@example.com",
                         *           "phone": "+61 2 8000 0000"
                         *         },
                         *         "finalizes_at": null,
                         *         "finalized_at": "2026-11-22T09:00:00.000Z",
                         *         "refunds": []
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description The record is in a state that refuses this operation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/invoices/{id}/lines": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a line to a draft
         * @description Adds an item line (`unit_amount` in minor units: 15000 = AUD 150.00, times `quantity`) at the end of a draft and composes it again: the discount is recomputed, the credit it applied kept. A finalized invoice never changes: 409.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "description": "Onboarding session",
                     *       "unit_amount": 15000,
                     *       "quantity": 1
                     *     }
                     */
                    "application/json": {
                        description: string;
                        unit_amount: number;
                        /** @default 1 */
                        quantity?: number;
                        tax_rate_ids?: string[];
                        test?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "c4d834de-3b9e-4c5b-95df-256b85590e03",
                         *         "subscription_id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *         "period_start": "2026-11-22T07:22:29.328Z",
                         *         "period_end": "2026-12-22T07:22:29.328Z",
                         *         "lines": [
                         *           {
                         *             "id": "il_1",
                         *             "kind": "subscription",
                         *             "description": "Pro",
                         *             "quantity": 1,
                         *             "unit_amount": 2900,
                         *             "amount": 2900
                         *           },
                         *           {
                         *             "id": "il_2",
                         *             "kind": "item",
                         *             "description": "Onboarding session",
                         *             "quantity": 1,
                         *             "unit_amount": 15000,
                         *             "amount": 15000
                         *           }
                         *         ],
                         *         "subtotal": 17900,
                         *         "discount": 0,
                         *         "credit_applied": 0,
                         *         "amount": 17900,
                         *         "currency": "AUD",
                         *         "status": "draft",
                         *         "next_attempt_at": null,
                         *         "paid_at": null,
                         *         "created_at": "2026-11-22T07:22:29.404Z",
                         *         "attempts": [],
                         *         "number": null,
                         *         "customer_id": null,
                         *         "kind": "period",
                         *         "tax": 0,
                         *         "tax_breakdown": [],
                         *         "total": 17900,
                         *         "amount_due": 17900,
                         *         "reverse_charge": false,
                         *         "credited_amount": 0,
                         *         "refunded_amount": 0,
                         *         "bill_to": null,
                         *         "seller": null,
                         *         "finalizes_at": "2026-11-23T07:22:29.328Z",
                         *         "finalized_at": null,
                         *         "refunds": []
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description The record is in a state that refuses this operation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/invoices/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an invoice as PDF
         * @description The finalized invoice as a PDF document (`application/pdf`, `Content-Disposition` with `INV-000042.pdf`): the seller snapshot and logo, the bill-to snapshot, number, dates, lines (quantity, unit price, discount, tax, amount), tax per rate, totals, the reverse-charge note where it applies, and the amount paid or due. Fonts embedded (Latin, Greek, Japanese). The same invoice version gives the same bytes; rendered on request and cached by version. A draft has no document yet: 409. Unknown or another merchant’s: 404 in the JSON envelope.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The document (PDF) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /** @example %PDF-1.3 … (the invoice INV-000042) */
                        "application/pdf": string;
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description The record is in a state that refuses this operation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/invoices/{id}/void": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Void a draft or an unpaid invoice
         * @description A draft (it never gets a number) or an open or past-due invoice (it keeps its number) becomes `void`, with an `invoice.voided` event (reason `requested`); it is charged no more. A paid, void or uncollectible invoice, or one whose charge is at the gateway: 409.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "c4d834de-3b9e-4c5b-95df-256b85590e03",
                         *         "subscription_id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *         "period_start": "2026-11-22T07:22:29.328Z",
                         *         "period_end": "2026-12-22T07:22:29.328Z",
                         *         "lines": [
                         *           {
                         *             "id": "il_1",
                         *             "kind": "subscription",
                         *             "description": "Pro",
                         *             "quantity": 1,
                         *             "unit_amount": 2900,
                         *             "amount": 2900
                         *           },
                         *           {
                         *             "id": "il_2",
                         *             "kind": "item",
                         *             "description": "Onboarding session",
                         *             "quantity": 1,
                         *             "unit_amount": 15000,
                         *             "amount": 15000
                         *           }
                         *         ],
                         *         "subtotal": 17900,
                         *         "discount": 0,
                         *         "credit_applied": 0,
                         *         "amount": 17900,
                         *         "currency": "AUD",
                         *         "status": "void",
                         *         "next_attempt_at": null,
                         *         "paid_at": null,
                         *         "created_at": "2026-11-22T07:22:29.404Z",
                         *         "attempts": [],
                         *         "number": "INV-000042",
                         *         "customer_id": null,
                         *         "kind": "period",
                         *         "tax": 0,
                         *         "tax_breakdown": [],
                         *         "total": 17900,
                         *         "amount_due": 17900,
                         *         "reverse_charge": false,
                         *         "credited_amount": 0,
                         *         "refunded_amount": 0,
                         *         "bill_to": null,
                         *         "seller": {
                         *           "legal_name": "Example Software Pty Ltd",
                         *           "address": {
                         *             "line1": "1 Market St",
                         *             "city": "Sydney",
                         *             "state": "NSW",
                         *             "postal_code": "2000",
                         *             "country": "AU"
                         *           },
                         *           "tax_id": "ABN 51 824 753 556",
                         *           "email": "billing@example.com",
                         *           "phone": "+61 2 8000 0000"
                         *         },
                         *         "finalizes_at": null,
                         *         "finalized_at": "2026-11-22T09:00:00.000Z",
                         *         "refunds": []
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description The record is in a state that refuses this operation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/settings/invoicing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the invoicing settings
         * @description How this environment drafts and numbers invoices: `draft_hours`, `invoice_prefix`, `credit_note_prefix`, `numbering`, and what a late usage event does (`late_usage`).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "draft_hours": 24,
                         *         "invoice_prefix": "INV-",
                         *         "credit_note_prefix": "CN-",
                         *         "numbering": "merchant",
                         *         "late_usage": "correct"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        /**
         * Change the invoicing settings
         * @description Replaces the fields given: `draft_hours` (0 to 720: period invoices stay drafts that long; 0 finalizes at once), the prefixes (1 to 12 letters, digits, `-`, `_`, `/`), `numbering` (`merchant` or `customer`), `late_usage` (`correct`, the default: a usage event in a range already billed is billed on the next invoice as a `usage_correction` line; `refuse`: it is refused, `period_invoiced`).
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "draft_hours": 24
                     *     }
                     */
                    "application/json": {
                        draft_hours?: number;
                        invoice_prefix?: string;
                        credit_note_prefix?: string;
                        /** @enum {string} */
                        numbering?: "merchant" | "customer";
                        /** @enum {string} */
                        late_usage?: "correct" | "refuse";
                        test?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "draft_hours": 24,
                         *         "invoice_prefix": "INV-",
                         *         "credit_note_prefix": "CN-",
                         *         "numbering": "merchant",
                         *         "late_usage": "correct"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/settings/business": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the business details
         * @description The legal details printed as the seller on every invoice finalized from now on (null where none is set), and the `logo` the documents print (`content_type`, `size`, `sha256`; null for none).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "legal_name": "Example Software Pty Ltd",
                         *         "address": {
                         *           "line1": "1 Market St",
                         *           "city": "Sydney",
                         *           "state": "NSW",
                         *           "postal_code": "2000",
                         *           "country": "AU"
                         *         },
                         *         "tax_id": "ABN 51 824 753 556",
                         *         "email": "billing@example.com",
                         *         "phone": "+61 2 8000 0000",
                         *         "logo": {
                         *           "content_type": "image/svg+xml",
                         *           "size": 1843,
                         *           "sha256": "9f2c1e0b7d4a5c3e8f6b1a2d4c5e7f8091a2b3c4d5e6f708192a3b4c5d6e7f80"
                         *         }
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        /**
         * Change the business details
         * @description Replaces the fields given (null clears one): `legal_name`, `address` (`country` ISO 3166-1 alpha-2), `tax_id`, `email`, `phone`, and `logo` (`{content_type: "image/png" | "image/svg+xml", data: <base64>}`, at most 256 KiB decoded; an SVG may hold no script and no reference outside itself; a bad one: 422 naming `logo`). Invoices already finalized keep the details they were issued with; their documents print the current logo.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "legal_name": "Example Software Pty Ltd",
                     *       "address": {
                     *         "line1": "1 Market St",
                     *         "city": "Sydney",
                     *         "state": "NSW",
                     *         "postal_code": "2000",
                     *         "country": "AU"
                     *       },
                     *       "tax_id": "ABN 51 824 753 556",
                     *       "email": "billing@example.com",
                     *       "phone": "+61 2 8000 0000",
                     *       "logo": {
                     *         "content_type": "image/svg+xml",
                     *         "data": "PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSI4MCIgaGVpZ2h0PSIyNCI+PHJlY3Qgd2lkdGg9IjgwIiBoZWlnaHQ9IjI0IiBmaWxsPSIjMWE3M2U4Ii8+PC9zdmc+"
                     *       }
                     *     }
                     */
                    "application/json": {
                        legal_name?: string | null;
                        address?: {
                            line1: string;
                            line2?: string | null;
                            city: string;
                            state?: string | null;
                            postal_code: string;
                            country: string;
                        } | null;
                        tax_id?: string | null;
                        email?: string | null;
                        phone?: string | null;
                        logo?: {
                            /** @enum {string} */
                            content_type: "image/png" | "image/svg+xml";
                            /** Format: byte */
                            data: string;
                        } | null;
                        test?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "legal_name": "Example Software Pty Ltd",
                         *         "address": {
                         *           "line1": "1 Market St",
                         *           "city": "Sydney",
                         *           "state": "NSW",
                         *           "postal_code": "2000",
                         *           "country": "AU"
                         *         },
                         *         "tax_id": "ABN 51 824 753 556",
                         *         "email": "billing@example.com",
                         *         "phone": "+61 2 8000 0000",
                         *         "logo": {
                         *           "content_type": "image/svg+xml",
                         *           "size": 1843,
                         *           "sha256": "9f2c1e0b7d4a5c3e8f6b1a2d4c5e7f8091a2b3c4d5e6f708192a3b4c5d6e7f80"
                         *         }
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/settings/emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the e-mail settings
         * @description Who the e-mails to the merchant's customers come from (`from`, `reply_to`; null until set), which kinds are on (`enabled`: all off until turned on), and where sandbox and test-clock e-mails go (`sandbox_delivery`: `outbox`, the default, keeps them in the local outbox; `smtp` sends them).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "from": "billing@nordlicht.example",
                         *         "reply_to": "help@nordlicht.example",
                         *         "enabled": {
                         *           "invoice_finalized": true,
                         *           "payment_succeeded": true,
                         *           "payment_failed": true,
                         *           "card_expiring": true,
                         *           "card_expired": true,
                         *           "credit_note_created": false
                         *         },
                         *         "sandbox_delivery": "outbox"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        /**
         * Change the e-mail settings
         * @description Replaces the fields given; `enabled` names the kinds it turns on or off (`invoice_finalized`, `payment_succeeded`, `payment_failed`, `card_expiring`, `card_expired`, `credit_note_created`), the others stay. A kind is turned on only with a `from` address (given or stored; else 422 naming `from`). Bad values: 422 naming the field, nothing written. Events from now on cause the e-mails turned on; the merchant's own domain must allow Recur's relay to send as `from` (SPF, DKIM, DMARC: docs/emails.md).
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "from": "billing@nordlicht.example",
                     *       "reply_to": "help@nordlicht.example",
                     *       "enabled": {
                     *         "invoice_finalized": true,
                     *         "payment_succeeded": true,
                     *         "payment_failed": true,
                     *         "card_expiring": true,
                     *         "card_expired": true,
                     *         "credit_note_created": false
                     *       },
                     *       "sandbox_delivery": "outbox"
                     *     }
                     */
                    "application/json": {
                        from?: string | null;
                        reply_to?: string | null;
                        enabled?: {
                            invoice_finalized?: boolean;
                            payment_succeeded?: boolean;
                            payment_failed?: boolean;
                            card_expiring?: boolean;
                            card_expired?: boolean;
                            credit_note_created?: boolean;
                        };
                        /** @enum {string} */
                        sandbox_delivery?: "outbox" | "smtp";
                        test?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "from": "billing@nordlicht.example",
                         *         "reply_to": "help@nordlicht.example",
                         *         "enabled": {
                         *           "invoice_finalized": true,
                         *           "payment_succeeded": true,
                         *           "payment_failed": true,
                         *           "card_expiring": true,
                         *           "card_expired": true,
                         *           "credit_note_created": false
                         *         },
                         *         "sandbox_delivery": "outbox"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/hosted_links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a link to a customer page
         * @description A signed link for the merchant to send its customer: `purpose` `invoice` (`object_id` an invoice, finalized: the hosted invoice page, where an open or past-due invoice can be paid with a new card) or `card_update` (`object_id` a subscription or a customer: the card-update page, which points the subscription, or each of the customer’s billed subscriptions, at the new card and tries what they owe at once). The link names one object, one purpose and this environment, lives `HOSTED_LINK_TTL_DAYS` (14 by default) and is signed with the active `HOSTED_LINK_KEYS` key; nothing of it is stored but its later use or revocation. A card-update link serves once. Unknown or another merchant’s object: 404; a draft invoice: 409. See docs/hosted-pages.md.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "purpose": "card_update",
                     *       "object_id": "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        purpose: "invoice" | "card_update";
                        object_id: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "link_id": "9f86d081884c7d65",
                         *         "purpose": "card_update",
                         *         "object_id": "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f",
                         *         "url": "https://billing.example.com/card/default.AQEAbxwtPktaTG2Ofxqgscs-T2dBqQBnSYKAn4bQgYhMfWU.kYt0oUqRhwTB9aPQH3rvwQ",
                         *         "expires_at": "2026-12-11T10:00:00.000Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/hosted_links/{link_id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a link to a customer page
         * @description Withdraws a link (its `link_id`, as created, or as read from the link): its page answers 410 "This link was withdrawn" from now on. Revoking again keeps the first `revoked_at`. A `link_id` that is not 16 hex digits: 404. Links in events (`update_url`, `invoice_url`) are revoked the same way: their id is the link’s nonce, answered here when created through the API.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    link_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "link_id": "9f86d081884c7d65",
                         *         "revoked_at": "2026-11-28T09:30:00.000Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List invoices
         * @description Invoices with their lines and charge attempts, newest first, paginated; filter by `subscription_id`, `customer_id`, `status`, and by the day they were issued (`finalized_at`, the date printed on the invoice): `from` (inclusive) and `to` (exclusive), each a day (`2026-11-01`, midnight UTC) or an ISO 8601 instant. A draft is issued on no day.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    test?: string;
                    subscription_id?: string;
                    customer_id?: string;
                    status?: "draft" | "open" | "paid" | "past_due" | "uncollectible" | "void";
                    from?: string;
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": [
                         *         {
                         *           "id": "c4d834de-3b9e-4c5b-95df-256b85590e03",
                         *           "subscription_id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *           "period_start": "2026-11-22T07:22:29.328Z",
                         *           "period_end": "2026-12-22T07:22:29.328Z",
                         *           "lines": [
                         *             {
                         *               "kind": "plan",
                         *               "description": "Pro",
                         *               "quantity": 1,
                         *               "unit_amount": 2900,
                         *               "amount": 2900
                         *             }
                         *           ],
                         *           "subtotal": 2900,
                         *           "discount": 0,
                         *           "credit_applied": 0,
                         *           "amount": 2900,
                         *           "currency": "AUD",
                         *           "status": "paid",
                         *           "next_attempt_at": null,
                         *           "paid_at": "2026-11-22T07:22:29.491Z",
                         *           "created_at": "2026-11-22T07:22:29.404Z",
                         *           "attempts": [
                         *             {
                         *               "number": 1,
                         *               "reference": "c4d834de-3b9e-4c5b-95df-256b85590e03-1",
                         *               "purchase_id": "DOCS-P-UIMVOLEO",
                         *               "status": "approved",
                         *               "response_code": "00",
                         *               "message": "Approved",
                         *               "decline_class": "approved",
                         *               "advice_code": null,
                         *               "created_at": "2026-11-22T07:22:29.470Z"
                         *             }
                         *           ]
                         *         }
                         *       ],
                         *       "errors": [],
                         *       "test": true,
                         *       "records": 1,
                         *       "total_records": 1,
                         *       "page": 1,
                         *       "total_pages": 1
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/invoices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an invoice
         * @description One invoice with its lines and charge attempts. Unknown: 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "c4d834de-3b9e-4c5b-95df-256b85590e03",
                         *         "subscription_id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *         "period_start": "2026-11-22T07:22:29.328Z",
                         *         "period_end": "2026-12-22T07:22:29.328Z",
                         *         "lines": [
                         *           {
                         *             "kind": "plan",
                         *             "description": "Pro",
                         *             "quantity": 1,
                         *             "unit_amount": 2900,
                         *             "amount": 2900
                         *           }
                         *         ],
                         *         "subtotal": 2900,
                         *         "discount": 0,
                         *         "credit_applied": 0,
                         *         "amount": 2900,
                         *         "currency": "AUD",
                         *         "status": "paid",
                         *         "next_attempt_at": null,
                         *         "paid_at": "2026-11-22T07:22:29.491Z",
                         *         "created_at": "2026-11-22T07:22:29.404Z",
                         *         "attempts": [
                         *           {
                         *             "number": 1,
                         *             "reference": "c4d834de-3b9e-4c5b-95df-256b85590e03-1",
                         *             "purchase_id": "DOCS-P-UIMVOLEO",
                         *             "status": "approved",
                         *             "response_code": "00",
                         *             "message": "Approved",
                         *             "decline_class": "approved",
                         *             "advice_code": null,
                         *             "created_at": "2026-11-22T07:22:29.470Z"
                         *           }
                         *         ]
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/invoices/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund an invoice
         * @description Refunds all (no `amount`: what is left to refund and to credit) or part of a paid invoice through the gateway, in minor units (1000 = AUD 10.00). Recorded on the invoice (`refunds`, `refunded_amount`; it stays `paid`) and as an `invoice.refunded` event, with its credit note (`credit_notes`, `credited_amount`; `credit_note.created`): its reason is one of the five credit note reasons when the text is one, else `other`, the text its memo.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "amount": 1000,
                     *       "reason": "goodwill"
                     *     }
                     */
                    "application/json": {
                        amount?: number;
                        reason?: string;
                        test?: boolean;
                    } | null;
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "c4d834de-3b9e-4c5b-95df-256b85590e03",
                         *         "subscription_id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *         "period_start": "2026-11-22T07:22:29.328Z",
                         *         "period_end": "2026-12-22T07:22:29.328Z",
                         *         "lines": [
                         *           {
                         *             "kind": "plan",
                         *             "description": "Pro",
                         *             "quantity": 1,
                         *             "unit_amount": 2900,
                         *             "amount": 2900
                         *           }
                         *         ],
                         *         "subtotal": 2900,
                         *         "discount": 0,
                         *         "credit_applied": 0,
                         *         "amount": 2900,
                         *         "currency": "AUD",
                         *         "status": "paid",
                         *         "next_attempt_at": null,
                         *         "paid_at": "2026-11-22T07:22:29.491Z",
                         *         "created_at": "2026-11-22T07:22:29.404Z",
                         *         "attempts": [
                         *           {
                         *             "number": 1,
                         *             "reference": "c4d834de-3b9e-4c5b-95df-256b85590e03-1",
                         *             "purchase_id": "DOCS-P-UIMVOLEO",
                         *             "status": "approved",
                         *             "response_code": "00",
                         *             "message": "Approved",
                         *             "decline_class": "approved",
                         *             "advice_code": null,
                         *             "created_at": "2026-11-22T07:22:29.470Z"
                         *           }
                         *         ],
                         *         "refunded_amount": 1000
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description The record is in a state that refuses this operation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description The refund’s outcome is not known yet */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/invoices/{id}/credit_notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Credit an invoice
         * @description A credit note of a finalized invoice (`open`, `past_due` or `paid`; a draft is edited instead, 409): `amount`, or `lines` (`[{invoice_line_id, amount}]`, `il_<n>` as the invoice shows its lines), in minor units, tax included; `reason` one of `duplicate`, `fraudulent`, `order_change`, `product_unsatisfactory`, `other`. Tax is credited in proportion: a first note takes `round(amount × tax ÷ total)`. On an invoice still owed it lowers `amount_due` (paid with no purchase at 0); on a paid one it refunds the card through the gateway (`refund: true`) or raises the customer’s, else the subscription’s, credit balance. The notes of an invoice never sum past its `total` (422). Numbered `CN-000001`, … without a gap; `credit_note.created`.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "amount": 1000,
                     *       "reason": "duplicate",
                     *       "refund": true,
                     *       "memo": "Charged twice for December"
                     *     }
                     */
                    "application/json": {
                        amount?: number;
                        lines?: {
                            invoice_line_id: string;
                            amount: number;
                        }[];
                        /** @enum {string} */
                        reason: "duplicate" | "fraudulent" | "order_change" | "product_unsatisfactory" | "other";
                        refund?: boolean;
                        memo?: string;
                        test?: boolean;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "5d9c0c1e-8f57-4f2e-9a43-2f1c6a0e7b21",
                         *         "number": "CN-000001",
                         *         "invoice_id": "c4d834de-3b9e-4c5b-95df-256b85590e03",
                         *         "invoice_number": "INV-000042",
                         *         "customer_id": null,
                         *         "subscription_id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *         "amount": 1000,
                         *         "tax": 91,
                         *         "subtotal": 909,
                         *         "currency": "AUD",
                         *         "lines": [],
                         *         "reason": "duplicate",
                         *         "memo": "Charged twice for December",
                         *         "credit_to": "refund",
                         *         "refund": {
                         *           "refund_id": "DOCS-R-4CISLT8T",
                         *           "reference": "c4d834de-3b9e-4c5b-95df-256b85590e03-r1",
                         *           "status": "approved"
                         *         },
                         *         "created_at": "2026-11-23T09:12:40.000Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description The record is in a state that refuses this operation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description The refund’s outcome is not known yet */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/credit_notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List credit notes
         * @description Credit notes, newest first, paginated; filter by `invoice_id` or `customer_id`.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    test?: string;
                    invoice_id?: string;
                    customer_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": [
                         *         {
                         *           "id": "5d9c0c1e-8f57-4f2e-9a43-2f1c6a0e7b21",
                         *           "number": "CN-000001",
                         *           "invoice_id": "c4d834de-3b9e-4c5b-95df-256b85590e03",
                         *           "invoice_number": "INV-000042",
                         *           "customer_id": null,
                         *           "subscription_id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *           "amount": 1000,
                         *           "tax": 91,
                         *           "subtotal": 909,
                         *           "currency": "AUD",
                         *           "lines": [],
                         *           "reason": "duplicate",
                         *           "memo": "Charged twice for December",
                         *           "credit_to": "refund",
                         *           "refund": {
                         *             "refund_id": "DOCS-R-4CISLT8T",
                         *             "reference": "c4d834de-3b9e-4c5b-95df-256b85590e03-r1",
                         *             "status": "approved"
                         *           },
                         *           "created_at": "2026-11-23T09:12:40.000Z"
                         *         }
                         *       ],
                         *       "errors": [],
                         *       "test": true,
                         *       "records": 1,
                         *       "total_records": 1,
                         *       "page": 1,
                         *       "total_pages": 1
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/credit_notes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a credit note
         * @description One credit note: its figures (`amount`, `tax`, `subtotal`), lines, reason, memo, where the credit went (`credit_to`) and the refund it made. Unknown: 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "5d9c0c1e-8f57-4f2e-9a43-2f1c6a0e7b21",
                         *         "number": "CN-000001",
                         *         "invoice_id": "c4d834de-3b9e-4c5b-95df-256b85590e03",
                         *         "invoice_number": "INV-000042",
                         *         "customer_id": null,
                         *         "subscription_id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *         "amount": 1000,
                         *         "tax": 91,
                         *         "subtotal": 909,
                         *         "currency": "AUD",
                         *         "lines": [],
                         *         "reason": "duplicate",
                         *         "memo": "Charged twice for December",
                         *         "credit_to": "refund",
                         *         "refund": {
                         *           "refund_id": "DOCS-R-4CISLT8T",
                         *           "reference": "c4d834de-3b9e-4c5b-95df-256b85590e03-r1",
                         *           "status": "approved"
                         *         },
                         *         "created_at": "2026-11-23T09:12:40.000Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/credit_notes/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a credit note as PDF
         * @description The credit note as a PDF document (`application/pdf`, `Content-Disposition` with `CN-000001.pdf`): the seller and bill-to of its invoice, its number and date, the invoice it corrects, the lines credited with their tax, the totals, the reason and memo, and the invoice’s reverse-charge note where it carries one. Rendered on request and cached by version (docs/api.md, "Documents"). Unknown or another merchant’s: 404 in the JSON envelope.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The document (PDF) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /** @example %PDF-1.3 … (the credit note CN-000001) */
                        "application/pdf": string;
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/dunning/holds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Cards held by network caps or waiting for an update
         * @description The past-due invoices whose card may not be charged now, paginated, the ones ending soonest first: `reason` `network_cap` (the card reached a network cap, `cap` `24h` or `30d`, as the `invoice.retry_capped` event said at `held_since`; no retry before `held_until`) or `card_update` (the card expired or needs new details; `held_until` null: retried at once when the card is updated). Each names the `card_token`, the `invoice_id`, `subscription_id`, `customer_id`, `amount` and `currency`. Filter: `reason`. Times are billing times (a test clock’s, for its subscriptions).
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    test?: string;
                    reason?: "network_cap" | "card_update";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": [
                         *         {
                         *           "reason": "network_cap",
                         *           "card_token": "r5u58fueb5ulhlhbjj4z",
                         *           "invoice_id": "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a",
                         *           "subscription_id": "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
                         *           "customer_id": null,
                         *           "amount": 2900,
                         *           "currency": "AUD",
                         *           "cap": "24h",
                         *           "held_since": "2026-11-28T09:00:00.000Z",
                         *           "held_until": "2026-11-29T08:00:00.000Z"
                         *         }
                         *       ],
                         *       "errors": [],
                         *       "test": true,
                         *       "records": 1,
                         *       "total_records": 1,
                         *       "page": 1,
                         *       "total_pages": 1
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/invoices/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a past-due invoice now
         * @description Charges a past-due invoice at once, under the same rules and network caps as a scheduled retry.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "c4d834de-3b9e-4c5b-95df-256b85590e03",
                         *         "subscription_id": "c1eda3f8-a678-47d2-847c-b2d61209f839",
                         *         "period_start": "2026-11-22T07:22:29.328Z",
                         *         "period_end": "2026-12-22T07:22:29.328Z",
                         *         "lines": [
                         *           {
                         *             "kind": "plan",
                         *             "description": "Pro",
                         *             "quantity": 1,
                         *             "unit_amount": 2900,
                         *             "amount": 2900
                         *           }
                         *         ],
                         *         "subtotal": 2900,
                         *         "discount": 0,
                         *         "credit_applied": 0,
                         *         "amount": 2900,
                         *         "currency": "AUD",
                         *         "status": "paid",
                         *         "next_attempt_at": null,
                         *         "paid_at": "2026-11-22T07:22:29.491Z",
                         *         "created_at": "2026-11-22T07:22:29.404Z",
                         *         "attempts": [
                         *           {
                         *             "number": 1,
                         *             "reference": "c4d834de-3b9e-4c5b-95df-256b85590e03-1",
                         *             "purchase_id": "DOCS-P-UIMVOLEO",
                         *             "status": "approved",
                         *             "response_code": "00",
                         *             "message": "Approved",
                         *             "decline_class": "approved",
                         *             "advice_code": null,
                         *             "created_at": "2026-11-22T07:22:29.470Z"
                         *           }
                         *         ]
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description The record is in a state that refuses this operation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description The event log, newest first, paginated (events of one instant in the reverse of the order they were written: `invoice.paid` above `invoice.finalized` above `invoice.created`); filter by `type`, `subscription_id` (the events about that subscription) and `customer_id` (the events that name that customer, and those of its subscriptions). `card.expiring`, `card.expired` and `invoice.payment_failed` carry `data.update_url`, a signed link to the card-update page of the subscription; `invoice.payment_failed` also `data.invoice_url`, the invoice page, where the customer pays it with a new card (docs/hosted-pages.md).
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    test?: string;
                    type?: "subscription.created" | "subscription.updated" | "subscription.paused" | "subscription.resumed" | "subscription.cancelled" | "subscription.past_due" | "subscription.completed" | "invoice.created" | "invoice.paid" | "invoice.payment_failed" | "invoice.retry_scheduled" | "invoice.retry_capped" | "invoice.uncollectible" | "invoice.voided" | "card.expiring" | "card.expired" | "card.updated" | "coupon.created" | "invoice.refunded" | "customer.created" | "customer.updated" | "customer.deleted" | "credit_note.created" | "invoice.finalized" | "billable_metric.created" | "billable_metric.archived";
                    subscription_id?: string;
                    customer_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": [
                         *         {
                         *           "id": "0cd8eca2-6bc7-488b-b210-4740fcd632d9",
                         *           "type": "invoice.payment_failed",
                         *           "created_at": "2026-11-22T07:22:54.513Z",
                         *           "data": {
                         *             "final": false,
                         *             "amount": 2951,
                         *             "attempt": 1,
                         *             "message": "Insufficient Funds",
                         *             "currency": "AUD",
                         *             "invoice_id": "32c41620-955a-497b-b27e-57eba6896cba",
                         *             "decline_class": "soft",
                         *             "response_code": "51",
                         *             "next_attempt_at": "2027-06-02T00:00:00.000Z",
                         *             "subscription_id": "234fbe5f-6661-4836-aaf0-da7661c8f033",
                         *             "invoice_url": "https://billing.example.com/pay/default.AQAAMsQWIJVbSXuyfVfrppbLugBnQGqWZ1ZAXmm3s9kGdXE.6qK0w8w2cQm1Qb1Q5c8yTw",
                         *             "update_url": "https://billing.example.com/card/default.AQEAI0--X2ZhSDa5H8GncWHwMwBnQGqWZ5hB9qd7aq6G-NY.kYt0oUqRhwTB9aPQH3rvwQ"
                         *           }
                         *         }
                         *       ],
                         *       "errors": [],
                         *       "test": true,
                         *       "records": 1,
                         *       "total_records": 5,
                         *       "page": 1,
                         *       "total_pages": 5
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description The endpoints, without their secrets, paginated.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    test?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": [
                         *         {
                         *           "id": "5f5f124b-5fc7-4683-9d08-aadf44bad9d2",
                         *           "url": "https://shop.example/recur",
                         *           "events": [
                         *             "invoice.paid",
                         *             "invoice.payment_failed"
                         *           ],
                         *           "created_at": "2026-11-22T07:22:37.554Z"
                         *         }
                         *       ],
                         *       "errors": [],
                         *       "test": true,
                         *       "records": 1,
                         *       "total_records": 1,
                         *       "page": 1,
                         *       "total_pages": 1
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Register a webhook endpoint
         * @description Deliveries of the named event types (or `*`) to `url`, signed with a secret answered only here (header `Recur-Signature`). Production endpoints must be public HTTPS URLs.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "url": "https://shop.example/recur",
                     *       "events": [
                     *         "invoice.paid",
                     *         "invoice.payment_failed"
                     *       ]
                     *     }
                     */
                    "application/json": {
                        url: string;
                        events: ("subscription.created" | "subscription.updated" | "subscription.paused" | "subscription.resumed" | "subscription.cancelled" | "subscription.past_due" | "subscription.completed" | "invoice.created" | "invoice.paid" | "invoice.payment_failed" | "invoice.retry_scheduled" | "invoice.retry_capped" | "invoice.uncollectible" | "invoice.voided" | "card.expiring" | "card.expired" | "card.updated" | "coupon.created" | "invoice.refunded" | "customer.created" | "customer.updated" | "customer.deleted" | "credit_note.created" | "invoice.finalized" | "billable_metric.created" | "billable_metric.archived" | "*")[];
                        test?: boolean;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "5f5f124b-5fc7-4683-9d08-aadf44bad9d2",
                         *         "url": "https://shop.example/recur",
                         *         "events": [
                         *           "invoice.paid",
                         *           "invoice.payment_failed"
                         *         ],
                         *         "created_at": "2026-11-22T07:22:37.554Z",
                         *         "secret": "whsec_TrNhZw3v9sQyq8o1Jd2kXbLmPfR5aGtU"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description One endpoint, without its secret. Unknown: 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "5f5f124b-5fc7-4683-9d08-aadf44bad9d2",
                         *         "url": "https://shop.example/recur",
                         *         "events": [
                         *           "invoice.paid",
                         *           "invoice.payment_failed"
                         *         ],
                         *         "created_at": "2026-11-22T07:22:37.554Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Stops deliveries to it.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "5f5f124b-5fc7-4683-9d08-aadf44bad9d2",
                         *         "url": "https://shop.example/recur",
                         *         "events": [
                         *           "invoice.paid",
                         *           "invoice.payment_failed"
                         *         ],
                         *         "created_at": "2026-11-22T07:22:37.554Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an endpoint's deliveries
         * @description Each delivery with its tries (status code, error, duration), newest first, paginated.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    test?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": [
                         *         {
                         *           "id": "82ed58da-71bd-4590-88f2-a20f566aeb7c",
                         *           "event_id": "3c7f5001-d0de-44f5-a11f-66699a2fc93c",
                         *           "event_type": "invoice.paid",
                         *           "status": "delivered",
                         *           "attempts": [
                         *             {
                         *               "number": 1,
                         *               "status_code": 500,
                         *               "error": "receiver answered HTTP 500",
                         *               "duration_ms": 154,
                         *               "created_at": "2026-11-22T07:22:53.012Z"
                         *             },
                         *             {
                         *               "number": 2,
                         *               "status_code": 200,
                         *               "error": null,
                         *               "duration_ms": 9,
                         *               "created_at": "2026-11-22T07:23:23.087Z"
                         *             }
                         *           ],
                         *           "created_at": "2026-11-22T07:22:52.803Z",
                         *           "delivered_at": "2026-11-22T07:23:23.087Z"
                         *         }
                         *       ],
                         *       "errors": [],
                         *       "test": true,
                         *       "records": 1,
                         *       "total_records": 1,
                         *       "page": 1,
                         *       "total_pages": 1
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/webhooks/{id}/deliveries/{delivery_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again
         * @description Sends a `failed` delivery again: it becomes `pending` with a fresh set of tries; its earlier tries stay in its history. No body; idempotent.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path: {
                    id: string;
                    delivery_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "82ed58da-71bd-4590-88f2-a20f566aeb7c",
                         *         "event_id": "3c7f5001-d0de-44f5-a11f-66699a2fc93c",
                         *         "event_type": "invoice.paid",
                         *         "status": "pending",
                         *         "attempts": [
                         *           {
                         *             "number": 1,
                         *             "status_code": 500,
                         *             "error": "receiver answered HTTP 500",
                         *             "duration_ms": 154,
                         *             "created_at": "2026-11-22T07:22:53.012Z"
                         *           },
                         *           {
                         *             "number": 2,
                         *             "status_code": 200,
                         *             "error": null,
                         *             "duration_ms": 9,
                         *             "created_at": "2026-11-22T07:23:23.087Z"
                         *           }
                         *         ],
                         *         "created_at": "2026-11-22T07:22:52.803Z",
                         *         "delivered_at": null
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description The record is in a state that refuses this operation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/test_clocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a test clock
         * @description Sandbox only: a frozen "now" for the subscriptions attached to it (`test_clock_id`).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "frozen_time": "2027-01-31T09:00:00Z"
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description An ISO 8601 date-time with an offset, must be between 1970-01-01T00:00:00Z and 2999-12-31T23:59:59Z
                         */
                        frozen_time: string;
                        test?: boolean;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "eb1fd770-6d0d-4b19-a34f-481413ae1f0e",
                         *         "frozen_time": "2027-01-31T09:00:00.000Z",
                         *         "status": "ready",
                         *         "created_at": "2026-11-22T07:22:52.204Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/test_clocks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a test clock
         * @description Sandbox only. `status` is `advancing` until everything due up to its time has an outcome, then `ready`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "eb1fd770-6d0d-4b19-a34f-481413ae1f0e",
                         *         "frozen_time": "2027-01-31T09:00:00.000Z",
                         *         "status": "ready",
                         *         "created_at": "2026-11-22T07:22:52.204Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1.0/test_clocks/{id}/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Advance a test clock
         * @description Sandbox only: moves the clock forward; every period, retry and expiry notice due up to the new time runs, in order.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Optional. A repeat with the same key and body replays the first answer (header Idempotent-Replayed: true); the same key with another body is a 422. */
                    "Idempotency-Key"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "frozen_time": "2027-06-01T00:00:00Z"
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description An ISO 8601 date-time with an offset, must be between 1970-01-01T00:00:00Z and 2999-12-31T23:59:59Z
                         */
                        frozen_time: string;
                        test?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "successful": true,
                         *       "response": {
                         *         "id": "eb1fd770-6d0d-4b19-a34f-481413ae1f0e",
                         *         "frozen_time": "2027-06-01T00:00:00.000Z",
                         *         "status": "advancing",
                         *         "created_at": "2026-11-22T07:22:52.204Z"
                         *       },
                         *       "errors": [],
                         *       "test": true
                         *     }
                         */
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Missing or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description A console session’s CSRF token is missing or wrong, or its role does not allow this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Record not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description The record is in a state that refuses this operation */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Invalid input: the errors say which */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
                /** @description Too many failed authentications from this address or for this username */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
                            /** @description lists only */
                            total_records?: number;
                            /** @description lists only */
                            page?: number;
                            /** @description lists only */
                            total_pages?: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
