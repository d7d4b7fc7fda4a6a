// Les pages légales en français (espace de noms `legal`, chargé avec la page, un morceau par langue).
import type { LegalCatalogue } from './en';

const fr: LegalCatalogue = {
  updated: 'Dernière mise à jour : 28 novembre 2026',
  terms: {
    title: "Conditions d'utilisation",
    intro:
      "Ces conditions encadrent l'utilisation de Pupitre, un site gratuit où les élèves et les parents de l'établissement publient et lisent des avis anonymes sur les professeurs. En créant un compte ou en publiant un avis, vous les acceptez.",
    sections: {
      service: {
        heading: '1. Le service',
        body: "La lecture des avis, des pages des professeurs et du classement est ouverte à tous. Publier, voter, garder des favoris et signaler nécessitent un compte activé depuis l'e-mail que nous envoyons. Le service est gratuit et sans publicité.",
      },
      accounts: {
        heading: '2. Votre compte',
        body: "Vous vous inscrivez avec une adresse e-mail et un mot de passe, ou avec un compte Google. Vous gardez votre mot de passe secret et vous êtes responsable de ce qui est publié depuis votre compte. Une personne, un compte : l'adresse e-mail est conservée pour éviter les comptes multiples.",
      },
      rules: {
        heading: '3. Règles des commentaires',
        body: "Les avis et les signalements doivent être honnêtes et respectueux. Il est interdit de publier :\n- des insultes, moqueries ou propos dégradants envers quiconque ;\n- des menaces, du harcèlement ou des incitations à la violence ;\n- tout comportement inapproprié : contenu obscène, discriminatoire ou diffamatoire, données personnelles (adresses, numéros de téléphone, vie privée), contenu sans rapport avec l'enseignement.\n\nUn avis porte sur l'enseignement, pas sur la personne. Chaque avis passe par une validation automatique (environ dix minutes) avant d'être public, et peut être signalé par les autres utilisateurs.",
      },
      moderation: {
        heading: '4. Modération et suspension',
        body: 'Nous pouvons retenir, refuser ou retirer tout avis contraire à ces règles. Nous pouvons suspendre ou fermer tout compte à notre discrétion, notamment après des manquements répétés ou graves, sans préavis.',
      },
      liability: {
        heading: '5. Responsabilité',
        body: "Les avis n'engagent que leurs auteurs. Nous faisons de notre mieux pour que le service reste disponible et les contenus appropriés, sans pouvoir garantir un service ininterrompu ni l'exactitude de chaque avis.",
      },
      changes: {
        heading: '6. Modifications et contact',
        body: "Nous pouvons mettre à jour ces conditions ; la date ci-dessus indique la dernière version. Pour toute question, écrivez à l'adresse de contact en bas de chaque page.",
      },
    },
  },
  privacy: {
    title: 'Politique de confidentialité',
    intro:
      "Les avis sont anonymes : aucune page publique n'indique qui a écrit un avis, ni, à côté d'un avis, la classe ou une date plus précise que le mois (dans une petite école, elles permettraient de cerner son auteur). Cette page liste exactement ce que nos services conservent, pourquoi et pour combien de temps.",
    sections: {
      account: {
        heading: '1. Votre compte (service des comptes)',
        body: "Pour chaque compte, nous conservons :\n- votre adresse e-mail, pour vous connecter, vous envoyer les e-mails d'activation et de mot de passe et éviter les comptes multiples ;\n- une empreinte de votre mot de passe (scrypt, salée) ; jamais le mot de passe lui-même ; aucune si vous utilisez seulement Google ;\n- votre langue (fr, es ou en), pour nos e-mails ;\n- l'identifiant de sujet Google, seulement si vous vous connectez avec Google (nous ne recevons de Google que votre adresse e-mail) ;\n- vos rôles (utilisateur, administrateur), l'état d'activation du compte, sa date de création et la date de dernière connexion ;\n- les traces de vos sessions : pour chaque jeton de rafraîchissement, son empreinte, sa famille, son état, sa date d'expiration, le jour où il a été émis et le type d'appareil sur lequel la session a commencé (téléphone, tablette ou ordinateur, les noms du navigateur et du système : jamais votre adresse ni l'endroit où vous êtes) ; elles sont supprimées une fois expirées, et vous les voyez et les fermez dans les paramètres ;\n- des empreintes courtes des types d'appareil depuis lesquels vous vous êtes connecté (les 20 derniers), pour vous prévenir par e-mail d'une connexion depuis un nouvel appareil ;\n- les liens à usage unique d'activation (valables 7 jours) et de réinitialisation du mot de passe (valables 3 jours), supprimés une fois utilisés ou expirés.",
      },
      reviews: {
        heading: '2. Vos avis et votre activité (service des avis)',
        body: "Un avis est conservé avec un identifiant d'auteur opaque (un numéro de compte aléatoire, jamais votre e-mail), le professeur, la matière, l'année, les notes, le commentaire, les dates et l'état de modération. Nous conservons aussi, chacun avec cet identifiant opaque :\n- vos votes (je me reconnais ou non) sur les avis ;\n- vos favoris ;\n- vos signalements et leur texte : un signalement est conservé jusqu'à ce qu'un modérateur le tranche, puis 400 jours après la décision (les chiffres de transparence comptent une année de décisions), puis supprimé avec son lien vers vous.\n\nCet identifiant nous permet de vous montrer vos propres avis et statistiques, et d'empêcher les avis et votes en double.\n\nLes décisions des modérateurs (ce qui a été décidé sur quel avis, par quel modérateur, quand et pourquoi) sont conservées 3 ans (1 095 jours), tant qu'une décision peut être contestée ou faire l'objet d'une demande, puis supprimées ; les traces des consultations de la file de modération par les modérateurs sont conservées 1 an. Quand vous supprimez votre compte, vos avis sont détachés de vous : un avis public reste, anonyme ; un avis qui n'est pas public (refusé, retiré ou retenu) est supprimé 180 jours après la fin du mois où il a été détaché, une fois inchangé depuis 180 jours. Nos serveurs appliquent eux-mêmes ces durées : toutes les heures, ils suppriment ce qui les a dépassées.",
      },
      technical: {
        heading: '3. Données techniques',
        body: "Pour protéger le service contre les abus, des compteurs des tentatives récentes de connexion, d'inscription et de réinitialisation sont gardés en mémoire (Redis) par adresse IP et par adresse e-mail, et expirent d'eux-mêmes après quelques minutes à une heure. Nos serveurs écrivent des journaux techniques (heure, niveau, méthode de la requête, chemin sans aucun numéro d'avis, statut et durée) pour corriger les erreurs : ils ne contiennent ni mot de passe, ni jeton, ni numéro d'avis, ni adresse IP à côté d'un avis, et sont supprimés après 30 jours. Notre porte d'entrée ne garde aucun journal d'accès. Les numéros d'avis sont aléatoires et ne disent rien du moment où un avis a été écrit ; les avis deviennent publics à heures fixes de la journée, tous ensemble.",
      },
      sharing: {
        heading: '4. Partage',
        body: 'Nous ne vendons rien et ne partageons rien avec des tiers. Les e-mails partent de notre propre serveur de messagerie. Si vous utilisez la connexion Google, Google sait que vous vous êtes connecté à Pupitre.',
      },
      rights: {
        heading: '5. Vos droits',
        body: "Vous voyez vos données depuis votre profil, pouvez en télécharger une copie complète (votre compte et vos sessions, vos avis avec leur classe et leurs dates exactes, vos votes, favoris et signalements) au format JSON depuis la page des paramètres (« Télécharger mes données »), changez votre langue dans les paramètres et pouvez supprimer votre compte à tout moment depuis la page des paramètres : votre compte, vos sessions, votes, favoris et signalements sont effacés, et vos avis sont définitivement détachés de vous. Pour toute autre demande (accès, rectification, opposition), écrivez à l'adresse de contact en bas de chaque page.",
      },
    },
  },
  cookies: {
    title: 'Politique des cookies',
    intro:
      "Pupitre ne dépose aucun cookie de publicité, de mesure d'audience ou de traçage, et aucun contenu tiers qui en déposerait. Les seuls cookies sont strictement nécessaires, pour la connexion et pour votre langue (section 2) : ils ne demandent pas de consentement, il n'y a donc pas de bandeau de consentement.",
    sections: {
      storage: {
        heading: '1. Ce qui est gardé dans votre navigateur',
        body: "Le stockage local de votre navigateur conserve, sur cet appareil seulement :\n- votre adresse e-mail, pour afficher le compte connecté ;\n- l'avis que vous écrivez, pour ne pas le perdre avant de le publier ;\n- votre langue.\n\nVos jetons de connexion n'y sont pas : le jeton d'accès, de courte durée, reste dans la mémoire de la page ouverte, et celui de longue durée dans un cookie qu'aucun script ne peut lire (section 2). À la déconnexion, tout cela est supprimé aussitôt (la langue reste), même sans connexion.",
      },
      signin: {
        heading: '2. Cookies de connexion et de langue',
        body: "pupitre_refresh vous garde connecté : il contient le jeton de rafraîchissement de votre session, aussi longtemps que dure la session (30 jours au plus ; 12 heures pour les modérateurs et les administrateurs), et disparaît à la déconnexion. Il est strictement nécessaire, lisible par notre serveur seul (HttpOnly), envoyé seulement à l'adresse des jetons du service de connexion (/auth/token/) et jamais par un autre site (SameSite=Strict), et seulement en HTTPS (Secure).\n\nSeulement pendant une connexion avec Google, deux autres cookies strictement nécessaires, lisibles par notre serveur seul (HttpOnly), pendant 10 minutes au plus : pupitre_oauth_state (relie la réponse de Google à la connexion que vous avez commencée) et pupitre_oauth_browser (la relie à ce navigateur).\n\npupitre_lang garde la langue dans laquelle vous lisez le site, et rien d'autre : fr, es ou en. C'est une préférence strictement nécessaire : notre serveur le lit pour vous envoyer chaque page déjà écrite dans votre langue. La page le dépose quand votre langue est connue ou quand vous la changez ; il dure un an, votre navigateur ne l'envoie qu'à ce site et pas avec les requêtes d'un autre site (SameSite=Lax), et les scripts de la page peuvent le lire (il ne contient rien de secret).\n\nAucun ne demande de consentement.",
      },
      offline: {
        heading: '3. Copie hors ligne',
        body: "Un service worker garde une copie du site lui-même (pages, scripts, styles) et de données publiques comme le classement, pour que le site s'ouvre même sans connexion. Il ne garde jamais vos données personnelles ni rien de ce qui est envoyé avec votre jeton de connexion.",
      },
      control: {
        heading: '4. Votre contrôle',
        body: 'Vous pouvez tout effacer à tout moment depuis les paramètres de votre navigateur (données du site). Le site oublie alors simplement votre session et votre langue.',
      },
    },
  },
};

export default fr;
