// Generated from Recur's OpenAPI document by `npm run client:generate`. Do not edit by hand:
// a test fails when this file differs from what the current routes produce.

export interface paths {
    "/v1.0/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
        put?: never;
        post?: never;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Name on the card */
                        card_holder: string;
                        /** @description 13 to 19 digits; stored encrypted, shown masked to first six and last four */
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
    "/v1.0/credit_cards/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
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
                        /** @description 13 to 19 digits; stored encrypted, shown masked to first six and last four */
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
    "/v1.0/purchases/{key}/capture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
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
                        /** @description 13 to 19 digits; stored encrypted, shown masked to first six and last four */
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
    "/v1.0/void": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
    "/v1.0//void": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
    "/v1.0/refunds/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                    "application/json": {
                        outcomes: {
                            response_code?: string;
                            /** @enum {string} */
                            merchant_advice_code?: "update_required" | "retry_later" | "do_not_retry" | "cancelled";
                            /** Format: date-time */
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
    "/v1.0/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
        put?: never;
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
                    "application/json": {
                        name: string;
                        amount: number;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
    "/v1.0/plans/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    test?: string;
                    status?: "trialing" | "active" | "past_due" | "unpaid" | "paused" | "cancelled" | "incomplete" | "completed";
                    customer_reference?: string;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
        put?: never;
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
                    "application/json": {
                        plan_id: string;
                        card_token: string;
                        customer_reference: string;
                        quantity?: number;
                        coupon?: string;
                        /** Format: date-time */
                        billing_anchor?: string;
                        start_date?: string;
                        time_zone?: string;
                        metadata?: {
                            [key: string]: string;
                        };
                        /** Format: uuid */
                        test_clock_id?: string;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
    "/v1.0/subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                    "application/json": {
                        card_token?: string;
                        metadata?: {
                            [key: string]: string;
                        };
                        plan_id?: string;
                        quantity?: number;
                        coupon?: string | null;
                        /** @enum {string} */
                        effective?: "next_period" | "now";
                        prorate?: boolean;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
    "/v1.0/subscriptions/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
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
                        /** Format: date-time */
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
    "/v1.0/coupons/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
    "/v1.0/subscriptions/{id}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                        description: string;
                        amount: number;
                        /** @default 1 */
                        quantity?: number;
                        /** @default false */
                        invoice_now?: boolean;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
        get?: never;
        put?: never;
        post?: never;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
    "/v1.0/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    test?: string;
                    subscription_id?: string;
                    status?: "open" | "paid" | "past_due" | "uncollectible" | "void";
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
    "/v1.0/invoices/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    test?: string;
                    type?: "subscription.created" | "subscription.updated" | "subscription.paused" | "subscription.resumed" | "subscription.cancelled" | "subscription.past_due" | "subscription.completed" | "invoice.created" | "invoice.paid" | "invoice.payment_failed" | "invoice.retry_scheduled" | "invoice.retry_capped" | "invoice.uncollectible" | "invoice.voided" | "card.expiring" | "card.expired" | "card.updated" | "coupon.created" | "invoice.refunded";
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
        put?: never;
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
                    "application/json": {
                        url: string;
                        events: ("subscription.created" | "subscription.updated" | "subscription.paused" | "subscription.resumed" | "subscription.cancelled" | "subscription.past_due" | "subscription.completed" | "invoice.created" | "invoice.paid" | "invoice.payment_failed" | "invoice.retry_scheduled" | "invoice.retry_capped" | "invoice.uncollectible" | "invoice.voided" | "card.expiring" | "card.expired" | "card.updated" | "coupon.created" | "invoice.refunded" | "*")[];
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
    "/v1.0/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                    "application/json": {
                        /** Format: date-time */
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
    "/v1.0/test_clocks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
                        /** Format: date-time */
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
                        "application/json": {
                            successful: boolean;
                            /** @description The record, a list of records, or null on an error */
                            response: unknown;
                            errors: string[];
                            /** @description true on the sandbox listener */
                            test: boolean;
                            /** @description lists only: records on this page */
                            records?: number;
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
