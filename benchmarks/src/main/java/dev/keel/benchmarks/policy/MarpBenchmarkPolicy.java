package dev.keel.benchmarks.policy;

import dev.keel.policy.PolicyDocument;

/**
 * The MARP policy as the benchmarks use it: three roles, and the example's restrictions verbatim. Immutable and
 * thread-safe.
 */
final class MarpBenchmarkPolicy {

    static final String JSON = """
            {
              "policy_id": "marp-fleet-transition",
              "version": "1",
              "roles": {
                "planner": {
                  "allowed_clearances": ["secret", "top_secret"],
                  "allowed_domains": ["capability_planning", "transition_calendars", "budget_envelopes"],
                  "default_decision": "ALLOW"
                },
                "auditor": {
                  "allowed_clearances": ["secret", "top_secret"],
                  "allowed_domains": ["capability_planning", "transition_calendars", "budget_envelopes",
                                      "marp_provenance_views", "marp_high_level_summaries"],
                  "default_decision": "ALLOW"
                },
                "guest": {
                  "allowed_clearances": ["unclassified", "secret"],
                  "allowed_domains": ["marp_high_level_summaries"],
                  "default_decision": "PARTIAL"
                }
              },
              "restrictions": [
                {
                  "id": "no_unit_level_ids",
                  "patterns": ["(?i)\\\\b(?:of\\\\s+)?(?:hull|boat|unit|vessel|pennant)\\\\s+(?:no\\\\.?\\\\s*|number\\\\s+|#\\\\s*)?[A-Z]{0,4}-?\\\\d{1,4}[A-Z]?\\\\b",
                               "\\\\b[A-Z]{1,4}-\\\\d{2,4}[A-Z]?\\\\b"],
                  "replacement": "[unit withheld]"
                },
                {
                  "id": "no_vendor_breakdowns",
                  "patterns": ["(?i:of which)\\\\s+[^.;]*?\\\\b(?i:vendor|supplier|contractor)s?\\\\b[^.;]*",
                               "(?i)\\\\b(?:broken down|breakdown|split)\\\\s+by\\\\s+(?:vendor|supplier|contractor)s?\\\\b[^.\\\\n]*",
                               "\\\\b(?i:vendor|supplier|contractor)s?\\\\s*:?\\\\s+[A-Z][\\\\w&-]*(?:\\\\s+[A-Z][\\\\w&-]*)*"],
                  "replacement": "[vendor detail withheld]"
                }
              ]
            }
            """;

    private MarpBenchmarkPolicy() {
    }

    static PolicyDocument document() {
        return PolicyDocument.parse(JSON);
    }
}
