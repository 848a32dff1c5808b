package dev.keel.examples.springchat;

import dev.keel.core.Principal;
import java.util.Map;
import java.util.Optional;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The sample's stand-in for authentication: users by name, each with the role and clearance the policy knows. A
 * real service maps its authenticated user to a principal instead. Immutable and thread-safe.
 *
 * @param users the users by name
 */
@ConfigurationProperties("spring-chat")
public record ChatUsers(@DefaultValue Map<String, User> users) {

    /**
     * One user.
     *
     * @param role      the role in the policy
     * @param clearance the clearance in the policy
     */
    public record User(String role, String clearance) {
    }

    /** The principal of the user named {@code name}; empty for nobody or an unknown name. */
    public Optional<Principal> principalOf(String name) {
        return Optional.ofNullable(name == null ? null : users.get(name))
                .map(user -> Principal.of(user.role(), user.clearance()));
    }
}
