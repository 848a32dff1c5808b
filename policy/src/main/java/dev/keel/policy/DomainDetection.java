package dev.keel.policy;

import java.util.List;

/**
 * The domains a prompt requests ({@code docs/policy.md}, "Domain detection"), and the phrases that made them so.
 *
 * <p>Immutable and thread-safe.
 *
 * @param domains the requested domains, without repeats, in rule order (and each rule's domain order), then those
 *                of the markings tied to a domain that the prompt carries (in marking order)
 * @param matches for each rule that matched (in rule order), where its first matching phrase (in phrase
 *                order) first occurs; then the same for each carried marking that added its domain
 */
public record DomainDetection(List<String> domains, List<DomainMatch> matches) {

    public DomainDetection {
        domains = List.copyOf(domains);
        matches = List.copyOf(matches);
    }
}
