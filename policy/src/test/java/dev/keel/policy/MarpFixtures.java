package dev.keel.policy;

import dev.keel.policy.loader.PolicyFiles;

/** The MARP example's policy and governance knowledge, as the tests use them. */
final class MarpFixtures {

    static final String POLICY_RESOURCE = "dev/keel/policy/marp_policy.json";
    static final String KNOWLEDGE_RESOURCE = "dev/keel/policy/marp_governance_knowledge.md";

    private MarpFixtures() {
    }

    static PolicyDocument policy() {
        return PolicyFiles.readPolicyResource(MarpFixtures.class.getClassLoader(), POLICY_RESOURCE);
    }

    static GovernanceKnowledge knowledge() {
        return PolicyFiles.readKnowledgeResource(MarpFixtures.class.getClassLoader(), KNOWLEDGE_RESOURCE);
    }

    static String policyJson() {
        try (var in = MarpFixtures.class.getClassLoader().getResourceAsStream(POLICY_RESOURCE)) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
