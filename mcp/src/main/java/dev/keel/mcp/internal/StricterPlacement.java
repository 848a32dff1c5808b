package dev.keel.mcp.internal;

import dev.keel.core.text.Names;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.ToolPlacement;
import dev.keel.policy.ToolPolicy;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A policy whose tools served by external MCP servers are external, whatever the document says: where the host's
 * registration and the policy disagree on where a tool runs, the stricter placement wins. Pure and thread-safe.
 */
final class StricterPlacement {

    private StricterPlacement() {
    }

    /** {@code policy}, with every tool it lists that one of {@code externalTools} names made external. */
    static PolicyDocument of(PolicyDocument policy, Collection<String> externalTools) {
        Map<String, ToolPolicy> tools = policy.tools();
        Map<String, Object> changed = new LinkedHashMap<>();
        for (String served : externalTools) {
            // The document's key for the tool, found as the policy finds it: the name, else its canonical form.
            String key = tools.containsKey(served) ? served : Names.canonical(served);
            ToolPolicy tool = tools.get(key);
            if (tool != null && !tool.external()) {
                changed.put(key, ToolPlacement.EXTERNAL.wireName());
            }
        }
        if (changed.isEmpty()) {
            return policy;
        }
        Map<String, Object> tree = new LinkedHashMap<>(policy.toTree());
        Map<String, Object> toolTree = new LinkedHashMap<>(asObject(tree.get("tools")));
        changed.forEach((key, placement) -> {
            Map<String, Object> entry = new LinkedHashMap<>(asObject(toolTree.get(key)));
            entry.put("placement", placement);
            toolTree.put(key, entry);
        });
        tree.put("tools", toolTree);
        return PolicyDocument.fromTree(tree).withRecognisers(policy.recognisers())
                .withNumberWordLanguages(policy.numberWordLanguages());
    }

    // The tree is the document's own, validated: the tools and each listed tool are objects.
    @SuppressWarnings("unchecked")
    private static Map<String, Object> asObject(@Nullable Object member) {
        return (Map<String, Object>) Objects.requireNonNull(member, "a validated policy's tools");
    }
}
