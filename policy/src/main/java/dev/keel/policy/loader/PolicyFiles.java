package dev.keel.policy.loader;

import dev.keel.core.ConfigurationException;
import dev.keel.core.io.TextSources;
import dev.keel.policy.GovernanceKnowledge;
import dev.keel.policy.PolicyDocument;
import java.nio.file.Path;

/**
 * Reads policy documents and governance knowledge from files and class-path resources (UTF-8). This is the
 * one place in the policy module that does I/O; everything it returns is validated and immutable.
 *
 * <p>Stateless and thread-safe.
 */
public final class PolicyFiles {

    private PolicyFiles() {
    }

    /**
     * Reads and validates a policy document.
     *
     * @throws ConfigurationException                      when the file cannot be read
     * @throws dev.keel.core.WireFormatException             when it is not UTF-8 or not strict JSON
     * @throws dev.keel.policy.PolicyValidationException   when it is not a valid policy document
     */
    public static PolicyDocument readPolicy(Path file) {
        return PolicyDocument.parse(read(file));
    }

    /** As {@link #readPolicy(Path)}, from a class-path resource of {@code loader}. */
    public static PolicyDocument readPolicyResource(ClassLoader loader, String resource) {
        return PolicyDocument.parse(readResource(loader, resource));
    }

    /** Reads governance knowledge markdown; its passages name the file. */
    public static GovernanceKnowledge readKnowledge(Path file) {
        Path name = file.getFileName();
        return GovernanceKnowledge.fromMarkdown(name == null ? file.toString() : name.toString(), read(file));
    }

    /** As {@link #readKnowledge(Path)}, from a class-path resource; passages name the resource's last segment. */
    public static GovernanceKnowledge readKnowledgeResource(ClassLoader loader, String resource) {
        String name = resource.substring(resource.lastIndexOf('/') + 1);
        return GovernanceKnowledge.fromMarkdown(name, readResource(loader, resource));
    }

    private static String read(Path file) {
        return TextSources.read(file);
    }

    private static String readResource(ClassLoader loader, String resource) {
        return TextSources.readResource(loader, resource);
    }
}
