package dev.keel.pipeline;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.policy.ContentReading;
import dev.keel.policy.GovernancePlane;
import dev.keel.policy.PolicyEvaluator;
import java.util.Collection;
import java.util.List;

/**
 * Reads content that reaches a model but is not the user's question (a tool's result, a tool's specification) with
 * the detectors governance reads the conversation with, and takes the policy's decision for a principal over the
 * domains found. Immutable and thread-safe.
 */
record ContentReader(GovernancePlane governance, PolicyEvaluator evaluator) {

    /** {@code part} as written into a prompt, read for domains, markings and internal-only domains. */
    ContentReading read(Part part) {
        return governance.read(part.rendered());
    }

    /** The policy's decision for {@code principal} over {@code domains}. */
    Decision decision(Principal principal, Collection<String> domains) {
        return evaluator.evaluate(principal, List.copyOf(domains)).decision();
    }
}
