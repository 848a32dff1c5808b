package dev.keel.examples.springchat;

import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The sample's users from {@code application.yml} ({@code spring-chat.users}): a password and the role and clearance
 * the policy knows. {@link ChatSecurity} makes them Spring Security users whose authorities carry the role and the
 * clearance. Immutable and thread-safe.
 *
 * @param users the users by name
 */
@ConfigurationProperties("spring-chat")
public record ChatAccounts(@DefaultValue Map<String, Account> users) {

    /**
     * One user.
     *
     * @param password  the password as Spring Security stores it, with its encoding: {@code {bcrypt}$2a$...}
     * @param role      the role in the policy
     * @param clearance the clearance in the policy
     * @param operator  whether the user may read the service's meters ({@code /actuator/metrics}), which count every
     *                  user's decisions, reason codes and withheld kinds
     */
    public record Account(String password, String role, String clearance, @DefaultValue("false") boolean operator) {
    }
}
