package dev.keel.examples.marp.evidence;

import java.util.regex.Pattern;

/**
 * Decides which evidence a request uses, exactly as {@code docs/marp-example.md}, "Sources, routing, collection" says:
 * SCENARIO 1 regulated knowledge only; SCENARIO 2 regulated knowledge for a narrative without weekly curves; SCENARIO
 * 3, or a prompt that explicitly asks for weekly curves or budget utilisation, both; no flag, the minimal set:
 * high-level questions regulated knowledge only, questions about weekly patterns both. A scenario flag wins over the
 * wording (SCENARIO 1 never reads the governed data, whatever else the prompt asks).
 *
 * <p>Implementations are pure and thread-safe.
 */
public interface EvidenceRouter {

    /** Weekly curves: "weekly curve(s)", "week-by-week", "week by week", "per week", "each week", "curves". */
    Pattern DEFAULT_WEEKLY_CURVES = Pattern.compile(
            "(?iu)\\b(weekly\\s+(curves?|figures|profile|series|data)|week[-\\s]by[-\\s]week|per\\s+week|each\\s+week|curves?)\\b");
    /** Budget utilisation: "budget utilisation/utilization/burn/consumption", "committed vs envelope". */
    Pattern DEFAULT_BUDGET_UTILISATION = Pattern.compile(
            "(?iu)\\b(budget\\s+(utili[sz]ation|burn|consumption)|utili[sz]ation\\s+of\\s+(the\\s+)?budget|committed\\s+(vs\\.?|versus|against)\\s+(the\\s+)?envelope)\\b");
    /** Weekly patterns: any mention of "weekly", "week N" or "weeks". */
    Pattern DEFAULT_WEEKLY_PATTERNS = Pattern.compile("(?iu)\\b(weekly|weeks|week\\s*\\d+)\\b");

    /** The router with the default wording patterns. */
    static EvidenceRouter create() {
        return create(DEFAULT_WEEKLY_CURVES, DEFAULT_BUDGET_UTILISATION, DEFAULT_WEEKLY_PATTERNS);
    }

    /** A router recognising explicit requests and weekly questions with the caller's patterns. */
    static EvidenceRouter create(Pattern weeklyCurves, Pattern budgetUtilisation, Pattern weeklyPatterns) {
        return new DefaultEvidenceRouter(weeklyCurves, budgetUtilisation, weeklyPatterns);
    }

    /** The decision for a prompt; null is treated as an empty prompt. */
    EvidenceRoutingDecision route(String prompt);
}
