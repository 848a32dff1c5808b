package dev.keel.policy;

/** A ward's policy that says what PARTIAL withholds per role and per domain, for the tests of policy and of reading. */
public final class PartialFixtures {

    public static final String WARD_POLICY = """
            {"policy_id": "ward", "version": "1",
             "roles": {
               "nurse": {"allowed_clearances": ["internal"], "allowed_domains": ["beds"], "default_decision": "PARTIAL",
                         "partial": {"keep": ["identifiers"]}},
               "porter": {"allowed_clearances": ["internal"], "allowed_domains": [], "default_decision": "PARTIAL",
                          "partial": {"keep": ["identifiers", "dates"]}},
               "clerk": {"allowed_clearances": ["internal"], "allowed_domains": ["beds"], "default_decision": "ALLOW"}
             },
             "partial": {"domains": {
               "billing": {"withhold": ["credentials"], "keep": ["amounts"]},
               "patient_records": {"withhold": ["identifiers"]}
             }}}""";

    private PartialFixtures() {
    }
}
