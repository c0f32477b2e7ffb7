/**
 * Everyday words of each glossed language (verbs in the forms people write, nouns of home, food, trades and time,
 * adjectives and adverbs), for understanding only, in the format of glossary-general.ts ("word=English" separated by
 * "|"). They rank below the general business vocabulary and the hand-tuned entries of language.ts, which take
 * precedence where both gloss a word.
 */
import type { GeneralLanguage } from './glossary-general.js';

/** French: 1928 entries. */
const FR = `
passer=pass|passons=move|lors=during|montagne=mountain|pratiques=practical|le=the|la=the|les=the|un=a|une=a|de=of
du=of the|des=of the|et=and|ou=or|est=is|nous=we|avons=have|ont=have|pour=for|avec=with|se=oneself|s'=oneself|m'=me
t'=you|qui=who|lui=him|eux=them|moi=me|toi=you|tu=you|te=you|nos=our|notre=our|ta=your|tes=your|y=there|ça=that
cela=that|celui=the one|celle=the one|ceux=those|lequel=which|quel=which|quelle=which|dont=of which|comment=how
ici=here|là=there|voici=here is|voilà=there is|oui=yes|non=no|bien=well|mal=badly|mieux=better|ainsi=thus|puis=then
ensuite=then|enfin=finally|aujourd'hui=today|demain=tomorrow|hier=yesterday|maintenant=now|bientôt=soon
longtemps=a long time|autant=as much|tant=so much|tellement=so much|ni=nor|soit=either|puisque=since|puisqu'=since
lorsqu'=when|afin=so|parmi=among|auprès=with|près=near|loin=far|autour=around|devant=in front|derrière=behind
hors=outside|dehors=outside|durant=during|dès=from|sauf=except|concernant=concerning|néanmoins=nevertheless
d'ailleurs=besides|ailleurs=elsewhere|d'abord=first|d'accord=agreed|accord=agreement|d'après=according to|quelque=some
quelqu'un=someone|quelqu'=some|chacun=each|chacune=each|même=even|mêmes=same|tel=such|telle=such|tels=such|telles=such
divers=various|diverses=various|différentes=different|différente=different|pareil=same|partout=everywhere
quasiment=almost|sinon=otherwise|autrement=otherwise|aussitôt=immediately|désormais=from now on|auparavant=previously
dernièrement=lately|prochainement=soon|habituellement=usually|normalement=normally|régulièrement=regularly
constamment=constantly|fréquemment=frequently|quelquefois=sometimes|finalement=finally|premièrement=firstly
clairement=clearly|apparemment=apparently|personnellement=personally|honnêtement=honestly|franchement=frankly
réellement=really|simplement=simply|juste=just|exactement=exactly|notamment=notably|particulièrement=particularly
également=also|certainement=certainly|sûrement=surely|évidemment=obviously|forcément=necessarily|absolument=absolutely
totalement=totally|complètement=completely|entièrement=entirely|largement=largely|énormément=enormously|davantage=more
lentement=slowly|directement=directly|immédiatement=immediately|heureusement=fortunately|malheureusement=unfortunately
facilement=easily|considérablement=considerably|progressivement=gradually|seule=only|seules=only
essentiellement=essentially|globalement=overall|relativement=relatively|voire=or even|merci=thanks|svp=please
stp=please|es=are|sommes=are|étais=was|serait=would be|seraient=would be|serions=would be|serais=would be
serons=will be|seront=will be|étant=being|avons-nous=do we have|sommes-nous=are we|est-ce=is it|est-il=is it
faut-il=should we|vaut-il=is it worth|pouvons-nous=can we|peut-on=can we|doit-on=should we|dois-je=should I
devrais-je=should I|puis-je=can I|faudrait-il=should we|faut=need to|faudrait=would need to|faudra=will need to
fallait=needed to|avais=had|avions=had|aurait=would have|aurions=would have|aurais=would have|auraient=would have
aurons=will have|auront=will have|ait=has|fais=do|faites=do|faisait=did|faisaient=did|ferait=would do|ferions=would do
fera=will do|ferons=will do|feront=will do|faits=made|faite=made|peux=can|pouvez=can|pouvait=could|pouvaient=could
pourrais=could|pourraient=could|pourra=will be able|pourrons=will be able|pourront=will be able|pu=been able
pouvoir=be able|dois=must|devez=must|devait=had to|devaient=had to|devrions=should|devrais=should|devraient=should
devra=will have to|devrons=will have to|dû=had to|devoir=have to|veux=want|voulez=want|voulait=wanted|voulaient=wanted
voudrait=would like|voudrions=would like|voudrais=would like|voudraient=would like|voulu=wanted|vais=am going|vas=go
allez=go|allait=was going|irait=would go|ira=will go|irons=will go|iront=will go|allé=gone|viens=come|venons=come
venu=come|viendra=will come|viendront=will come|viendrait=would come|venait=came|prends=take|prenons=take|prise=taken
prendra=will take|prendrait=would take|mettre=put|mets=put|mis=put|mise=put|dis=say|disons=say|vois=see|voyons=see
voient=see|vu=seen|vue=view|sais=know|crois=believe|croit=believes|pense=think|pensent=think|pensé=thought
trouvons=find|trouvent=find|trouvée=found|trouvés=found|donnons=give|donné=given|donnée=given|parler=talk|parle=talk
parlons=talk|parlent=talk|parlé=talked|passe=passes|passent=pass|passé=past|passée=past|passés=past|demandons=ask
tenir=hold|tient=holds|semblent=seem|sembler=seem|laisser=leave|laisse=leaves|laissé=left|rendre=return|rendu=made
sortir=go out|sortie=exit|parti=left|vivre=live|écrire=write|écrit=written|lire=read|ouvre=opens|ouvrons=open
ouverte=open|ouvertes=open|ferme=farm|fermes=farms|fermons=close|ferment=close|fermée=closed|fermés=closed
fermées=closed|continuer=continue|continue=continues|continuons=continue|continuent=continue|continué=continued
suivre=follow|suivons=follow|suivent=follow|suivi=tracking|suivie=followed|créer=create|crée=creates|créons=create
créé=created|création=creation|créations=creations|servir=serve|sert=serves|servi=served|offrir=offer|offre=offer
offres=offers|offrons=offer|offert=offered|perdre=lose|perdons=lose|vendre=sell|vendent=sell|vendue=sold|vendus=sold
vente=sale|vendeur=salesperson|vendeuse=saleswoman|vendeurs=salespeople|achetons=buy|achètent=buy|acheteur=buyer
acheteurs=buyers|paye=pay|payée=paid|coûté=cost|coûtait=cost|coûterait=would cost|coûtera=will cost|gagnons=earn
gagnent=earn|produire=produce|fabriquer=manufacture|fabrique=makes|fabriqué=made|fabrication=manufacturing
fabricant=manufacturer|fabricants=manufacturers|réduit=reduces|réduisons=reduce|réduite=reduced|réduction=reduction
réductions=reductions|augmentons=raise|augmenté=increased|baissons=lower|améliorer=improve|améliore=improves
améliorons=improve|améliorent=improve|améliorations=improvements|embauchons=hire|embauche=hiring|recrutons=recruit
recrute=recruits|recrutement=recruitment|recrutements=recruitment|envoyer=send|envoie=sends|envoyons=send|envoyé=sent
préparer=prepare|prépare=prepares|préparons=prepare|préparation=preparation|nettoyer=clean|nettoyage=cleaning
répondons=answer|répondu=answered|expliquer=explain|explique=explains|expliqué=explained|garder=keep|garde=keeps
gardé=kept|aide=help|aides=subsidies|aidons=help|aidé=helped|aimer=like|aime=like|aimons=like|aiment=like
aimerait=would like|aimerais=would like|préférer=prefer|préfère=prefer|préférons=prefer|préfèrent=prefer
préférable=preferable|espère=hope|espérons=hope|cherche=looks for|cherchent=look for|essaie=tries|essayons=try
commençons=start|commencent=start|commencé=started|finir=finish|finit=finishes|fini=finished|ajouter=add|ajoute=adds
ajoutons=add|ajouté=added|utilisons=use|utilisé=used|change=changes|changeons=change|changent=change|changement=change
changements=changes|dépense=expense|dépensé=spent|dépensent=spend|gère=manages|gèrent=manage|géré=managed|loue=rents
louons=rent|loué=rented|organiser=organise|organise=organises|organisons=organise|organisé=organised|proposent=offer
proposé=offered|prévoit=plans|prévoient=plan|prévue=planned|prévus=planned|prévues=planned|lançons=launch
lancent=launch|choisit=chooses|choisissons=choose|choisi=chosen|décide=decides|accepter=accept|accepte=accepts
acceptons=accept|accepté=accepted|refusent=refuse|permettre=allow|permet=allows|permettent=allow
permettrait=would allow|devenu=become|devenue=become|connais=know|connaît=knows|connaissons=know|connaissent=know
connu=known|comprends=understand|comprend=includes|comprenons=understand|compris=understood|apprendre=learn
appris=learned|entendre=hear|entendu=heard|sentir=feel|jouer=play|joue=plays|manger=eat|habiter=live|habite=lives
restons=stay|revenir=come back|revient=comes back|reviennent=come back|revenu=income|revenus=income|apporter=bring
apporte=brings|appelle=calls|appelons=call|appelé=called|compte=account|comptes=accounts|estimer=estimate
estime=estimates|estimé=estimated|estimation=estimate|évaluer=evaluate|évaluation=evaluation|vérifier=check
vérifie=checks|vérifié=checked|vérification=check|contrôler=check|tester=test|testé=tested|testons=test
considérer=consider|considère=considers|envisager=consider|envisage=considers|envisageons=consider|hésiter=hesitate
hésite=hesitate|hésitons=hesitate|réfléchir=think|réfléchissons=think|discuter=discuss|discuté=discussed
conseiller=adviser|conseil=advice|conseils=advice|recommander=recommend|recommande=recommends|recommandez=recommend
suggérer=suggest|inquiet=worried|inquiète=worried|inquiets=worried|inquiètes=worried|inquiétude=worry
inquiétudes=worries|craint=fears|risquer=risk|valoir=be worth|vaut=is worth|vaudrait=would be worth|valait=was worth
maintenir=maintain|soutenir=support|soutien=support|développe=develops|développons=develop|développement=development
investit=invests|empruntons=borrow|emprunté=borrowed|financer=finance|financement=financing|financements=financing
encaisser=collect|encaissement=collection|fidéliser=retain|fidélisation=retention|fidèle=loyal|fidèles=loyal
fidélité=loyalty|attire=attracts|cibler=target|cible=target|cibles=targets|promouvoir=promote|communiquer=communicate
publier=publish|exporter=export|importer=import|stocker=keep in stock|stockage=storage|transporter=transport
expédier=ship|expédition=shipping|expéditions=shipments|emballer=pack|emballage=packaging|emballages=packaging
étiquette=label|étiquettes=labels|réparer=repair|réparation=repair|réparations=repairs|entretenir=maintain
entretien=maintenance|installer=install|remplacer=replace|remplacement=replacement|remplir=fill|rempli=full
remplie=full|vider=empty|couvrir=cover|cuisiner=cook|accueillir=welcome|accueille=welcomes|accueillons=welcome
héberger=host|hébergement=accommodation|loger=house|logement=housing|logements=housing|déménageur=removal firm
déménageurs=removal men|déménagements=removals|mariage=wedding|mariages=weddings|mariée=bride|mariés=newlyweds
traiteur=caterer|traiteurs=caterers|fête=party|fêtes=parties|événement=event|événements=events|évènement=event
évènements=events|événementiel=events|salon=trade show|salons=trade shows|spectacle=show|soirée=evening
anniversaire=birthday|séminaire=seminar|conférence=conference|atelier=workshop|ateliers=workshops|œuf=egg|œufs=eggs
oeuf=egg|oeufs=eggs|poule=hen|poules=hens|poulet=chicken|poulets=chickens|poussin=chick|poussins=chicks
pondeuse=laying hen|pondeuses=laying hens|ponte=laying|pondre=lay|aliment=food|aliments=food|alimentation=food
nourriture=food|nourrir=feed|pain=bread|farine=flour|lait=milk|fromage=cheese|viande=meat|poisson=fish
légumes=vegetables|vin=wine|café=coffee|eau=water|boisson=drink|boissons=drinks|repas=meal|plat=dish|carte=card
gâteau=cake|gâteaux=cakes|pâtisserie=pastry shop|boulangerie=bakery|boulanger=baker|boucherie=butcher's
boucher=butcher|épicerie=grocery|glace=ice cream|déjeuner=lunch|dîner=dinner|petit-déjeuner=breakfast|bio=organic
biologique=organic|biologiques=organic|frais=costs|fraîche=fresh|fraîches=fresh|fermier=farmer|fermiers=farmers
élevage=livestock farming|éleveur=livestock farmer|éleveurs=livestock farmers|poulailler=henhouse|grains=grain
céréales=cereals|vaches=cows|porc=pork|porcs=pigs|animaux=animals|bétail=livestock|volaille=poultry|volailles=poultry
terrain=land|terrains=plots|terre=land|terres=land|champ=field|champs=fields|jardin=garden|jardins=gardens
fleurs=flowers|plantes=plants|engrais=fertiliser|serre=greenhouse|serres=greenhouses|exploitations=farms
agricole=agricultural|agricoles=agricultural|agriculture=farming|maraîcher=market gardener|récoltes=harvests
producteur=producer|producteurs=producers|maison=house|maisons=houses|appartement=flat|appartements=flats
meuble=piece of furniture|meubles=furniture|mobilier=furniture|chaise=chair|chaises=chairs|canapé=sofa|lits=beds
salle=room|salles=rooms|toiture=roofing|fenêtre=window|fenêtres=windows|chauffage=heating
climatisation=air conditioning|carrelage=tiling|carreaux=tiles|peinture=paint|plomberie=plumbing|plombier=plumber
plombiers=plumbers|électricien=electrician|électriciens=electricians|menuisier=joiner|menuisiers=joiners
menuiserie=joinery|maçon=mason|maçons=masons|maçonnerie=masonry|peintre=painter|peintres=painters
artisans=tradespeople|jardinier=gardener|paysagiste=landscaper|architecte=architect|décoration=decoration|tissu=fabric
tissus=fabrics|bois=wood|papier=paper|carton=cardboard|cartons=boxes|boîte=box|sac=bag|outils=tools|matériel=equipment
matériaux=materials|vêtements=clothes|vêtement=garment|chaussures=shoes|coiffeur=hairdresser|coiffeuse=hairdresser
coiffure=hairdressing|beauté=beauty|ménage=housework|crèche=nursery|famille=family|père=father|mère=mother|fils=son
fille=daughter|filles=daughters|frère=brother|frères=brothers|sœur=sister|soeur=sister|mari=husband|femme=wife
femmes=women|homme=man|hommes=men|enfant=child|bébé=baby|grands-parents=grandparents|épouse=wife|époux=husband
conjoint=spouse|partenaire=partner|partenaires=partners|ami=friend|amie=friend|amis=friends|amies=friends
voisin=neighbour|voisins=neighbours|gens=people|monde=world|personnes=people|matin=morning|matinée=morning
après-midi=afternoon|midi=noon|minuit=midnight|journée=day|journées=days|lundi=Monday|mardi=Tuesday|mercredi=Wednesday
jeudi=Thursday|vendredi=Friday|samedi=Saturday|dimanche=Sunday|printemps=spring|automne=autumn|saisonnier=seasonal
saisonnière=seasonal|saisonniers=seasonal workers|saisonnières=seasonal|saisonnalité=seasonality|saisons=seasons
période=period|périodes=periods|calendrier=calendar|horaire=schedule|semestre=half-year|vacances=holidays
férié=public holiday|fériés=public holidays|noël=Christmas|pâques=Easter|rentrée=back to school|météo=weather
pluie=rain|pluies=rain|pleut=rains|soleil=sun|chaleur=heat|froid=cold|froide=cold|chaud=hot|chaude=hot|tempête=storm
canicule=heatwave|sécheresse=drought|climat=climate|climatique=climate|inondation=flood|inondations=floods
température=temperature|rue=street|rues=streets|route=road|centre-ville=town centre|banlieue=suburbs|gare=station
hôtel=hotel|hôtels=hotels|mairie=town hall|piscine=swimming pool|parc=park|plage=beach|plages=beaches|mer=sea
côte=coast|zone=area|zones=areas|territoire=territory|commerce=shop|commerces=shops|commerçant=shopkeeper
commerçants=shopkeepers|supermarché=supermarket|supermarchés=supermarkets|boutiques=shops|pharmacie=pharmacy
allemagne=Germany|espagne=Spain|italie=Italy|royaume-uni=United Kingdom|angleterre=England|états-unis=United States
québec=Quebec|chine=China|japon=Japan|pays-bas=Netherlands|maroc=Morocco|bretagne=Brittany|normandie=Normandy
européen=European|européenne=European|européens=European|français=French|française=French|anglais=English
étrangers=foreigners|étrangère=foreign|allemand=German|espagnol=Spanish|italien=Italian|belge=Belgian|chiffre=figure
chiffres=figures|tableur=spreadsheet|tableau=table|feuille=sheet|formulaire=form|formulaires=forms|enquêtes=surveys
sondages=polls|retour=return|commentaires=comments|commentaire=comment|remarque=remark|idée=idea|idées=ideas
tarif=rate|tarifs=rates|tarification=pricing|tarifaire=pricing|reçus=receipts|recettes=takings
rentabilité=profitability|rentable=profitable|rentables=profitable|rendement=yield|productivité=productivity
efficacité=efficiency|efficace=effective|efficaces=effective|taux=rate|remplissage=filling|fréquentation=footfall
achalandage=customer traffic|panier=basket|paniers=baskets|bilan=balance sheet|comptabilité=accounting
comptable=accountant|comptables=accountants|expert-comptable=accountant|prévisionnel=forecast|prévision=forecast
fonds=funds|financier=financial|financière=financial|financiers=financial|financières=financial|économique=economic
économiques=economic|économie=economy|crise=crisis|créneau=slot|créneaux=slots|gamme=range|assortiment=assortment
nouveauté=new product|nouveautés=new products|prestation=service|prestations=services|prestataire=provider
prestataires=providers|partenariat=partnership|réseau=network|réseaux=networks|bouche-à-oreille=word of mouth
ligne=line|lignes=lines|appli=app|application=app|applications=apps|ordinateur=computer|ordinateurs=computers
écran=screen|courrier=mail|lettre=letter|envoi=shipment|envois=shipments|fournir=supply|fournit=supplies
fournissons=supply|fournissent=supply|approvisionnement=supply|approvisionner=supply|matière=material|pièce=item
pièces=items|cours=classes|élève=pupil|étudiant=student|enseignant=teacher|professeur=teacher|prof=teacher
profs=teachers|formateur=trainer|stagiaire=intern|stagiaires=interns|apprenti=apprentice|apprentis=apprentices
apprentissage=apprenticeship|alternance=work-study|diplôme=degree|université=university|inscription=registration
inscriptions=registrations|inscrire=register|inscrits=registered|participer=take part|participent=take part
associatif=non-profit|associative=non-profit|président=chair|présidente=chair|trésorier=treasurer|trésorière=treasurer
secrétaire=secretary|assemblée=assembly|bénévolat=volunteering|collecte=collection|collectes=collections
dons=donations|caritatif=charitable|caritative=charitable|joueur=player|joueurs=players|entraîneur=coach
entraînement=training|matchs=matches|tournoi=tournament|sportif=sports|sportive=sports|emploi=job|emplois=jobs
boulot=job|métier=trade|métiers=trades|carrière=career|patrons=bosses|employeur=employer|employeurs=employers
employé=employee|employée=employee|salarié=employee|salariée=employee|ouvrier=worker|ouvriers=workers|cadre=manager
cadres=managers|responsable=manager|responsables=managers|serveur=waiter|serveuse=waitress|serveurs=waiters
caissier=cashier|caissière=cashier|cdd=fixed-term contract|cdi=permanent contract|smic=minimum wage|rh=HR|pme=SME
pmes=SMEs|tpe=micro-business|sarl=limited company|auto-entrepreneur=self-employed|micro-entreprise=micro-business
indépendant=self-employed|indépendante=self-employed|congé=leave|retraité=retiree|retraités=retirees
chômage=unemployment|chômeurs=unemployed|télétravail=remote work|ambiance=atmosphere|motivé=motivated
motivés=motivated|démotivés=demotivated|stressé=stressed|stressés=stressed|conflit=conflict|conflits=conflicts
départ=departure|départs=departures|arrivée=arrival|arrivées=arrivals|remplaçant=replacement|effectif=headcount
effectifs=headcount|argent=money|monnaie=currency|espèces=cash|chèque=cheque|virement=transfer
prélèvement=direct debit|somme=sum|montant=amount|montants=amounts|totale=total|valeur=value|valeurs=values
gains=earnings|impayés=unpaid bills|impayé=unpaid|impayée=unpaid|échéancier=payment schedule|acompte=deposit
caution=deposit|assurance=insurance|assurances=insurance|assureur=insurer|mutuelle=health insurance|crédit=credit
crédits=loans|intérêt=interest|subventions=grants|remboursé=repaid|remboursements=repayments|épargne=savings
bénéficiaire=beneficiary|bénéficiaires=beneficiaries|rémunération=pay|nouveau=new|nouvelle=new|nouveaux=new
nouvelles=new|nouvel=new|neuve=new|beau=nice|belle=nice|propre=own|propres=own|entier=whole|entière=whole|pleine=full
vides=empty|libre=free|libres=free|disponible=available|disponibles=available|indisponible=unavailable
disponibilité=availability|disponibilités=availability|occupée=busy|occupés=busy|chargée=busy|compliqué=complicated
compliquée=complicated|complexe=complex|difficiles=difficult|faciles=easy|possibles=possible|nécessaire=necessary
nécessaires=necessary|utile=useful|utiles=useful|inutile=useless|pratique=practical|forte=strong|fort=strong
forts=strong|fortes=strong|régulier=regular|régulière=regular|réguliers=regular|régulières=regular|nombreuses=many
rares=rare|fréquent=frequent|fréquente=frequent|habituel=usual|habituelle=usual|habituels=usual|normale=normal
normaux=normal|général=general|générale=general|global=overall|globale=overall|brut=gross|brute=gross
mensuelle=monthly|mensuels=monthly|annuelle=annual|annuels=annual|hebdomadaires=weekly|quotidienne=daily
quotidiens=daily|actuels=current|actuelles=current|récent=recent|récente=recent|récents=recent|précédent=previous
précédente=previous|précédents=previous|futur=future|ancienne=old|anciennes=old|vieille=old|vieilles=old
moderne=modern|modernes=modern|âgé=elderly|âgée=elderly|âgés=elderly|âgées=elderly|haute=high|hauts=high|hautes=high
basse=low|lourd=heavy|lourde=heavy|léger=light|légère=light|sûr=sure|sûre=sure|sûrs=sure|incertain=uncertain
incertitude=uncertainty|vrai=true|vraie=true|vrais=true|faux=wrong|fausse=wrong|excellente=excellent|parfait=perfect
parfaite=perfect|énorme=huge|énormes=huge|importants=important|importantes=important|grave=serious|graves=serious
urgente=urgent|urgents=urgent|urgence=emergency|urgences=emergencies|prioritaire=priority|priorité=priority
priorités=priorities|principaux=main|principales=main|essentiel=essential|essentielle=essential|essentiels=essential
clé=key|clés=keys|personnelle=personal|personnels=personal|professionnel=professional|professionnelle=professional
professionnels=professionals|professionnelles=professional|commerciale=commercial|commerciaux=sales reps
industriel=industrial|industrielle=industrial|alimentaire=food|alimentaires=food|artisanal=handmade
artisanale=handmade|artisanat=crafts|locales=local|régionale=regional|régionaux=regional|nationale=national
nationaux=national|internationale=international|internationaux=international|mondial=global|mondiale=global
humain=human|humaine=human|humains=human|sociale=social|médical=medical|médicale=medical|privé=private|privée=private
privés=private|gratuite=free|gratuits=free|gratuites=free|payant=paid|payante=paid|abordable=affordable
abordables=affordable|raisonnable=reasonable|raisonnables=reasonable|compétitif=competitive|compétitive=competitive
intéressant=interesting|intéressante=interesting|attractif=attractive|dynamique=dynamic|tranquille=quiet|rapides=fast
prête=ready|prêtes=ready|capables=able|heureux=happy|déçu=disappointed|déçus=disappointed|satisfaite=satisfied
mécontent=dissatisfied|mécontente=dissatisfied|fatiguée=tired|épuisée=exhausted|bloqué=stuck|bloqués=stuck|perdue=lost
meilleurs=better|meilleures=better|pires=worse|similaire=similar|similaires=similar|supérieur=higher|supérieure=higher
supérieurs=higher|inférieur=lower|inférieure=lower|inférieurs=lower|fixe=fixed|variables=variable
rentabiliser=make profitable|moyens=means|moyennes=average|choses=things|truc=thing|trucs=things|façon=way|façons=ways
manière=way|manières=ways|côté=side|côtés=sides|exemple=example|exemples=examples|cas=case|sujet=subject|sujets=topics
état=state|niveau=level|niveaux=levels|genre=kind|sorte=kind|forme=shape|formes=forms|taille=size|tailles=sizes
poids=weight|vie=life|santé=health|affaire=deal|affaires=business|vidéo=video|vidéos=videos|journal=newspaper
presse=press|portable=mobile phone|portables=mobile phones|numéro=number|numéros=numbers|adresse=address
adresses=addresses|voiture=car|voitures=cars|véhicule=vehicle|véhicules=vehicles|camionnette=van|camionnettes=vans
voyage=trip|voyages=trips|tourisme=tourism|touriste=tourist|touristes=tourists|touristique=tourist
touristiques=tourist|vacanciers=holidaymakers|gîte=holiday cottage|gîtes=holiday cottages|nuitée=overnight stay
nuitées=overnight stays|séjour=stay|séjours=stays|visite=visit|visites=visits|visiter=visit|billet=ticket
billets=tickets|billetterie=ticketing|entrée=entry|entrées=admissions|siège=head office|sièges=seats
municipalité=municipality|élus=councillors|élu=councillor|gouvernement=government|politique=policy|politiques=policies
réforme=reform|réformes=reforms|démarches=procedures|paperasse=paperwork|formalités=formalities
déclaration=declaration|déclarations=returns|norme=standard|normes=standards|hygiène=hygiene|sanitaire=health
sanitaires=toilets|ménages=households|foyer=household|foyers=households|habitant=resident|jeunesse=youth|aînés=elderly
retraites=pensions|handicap=disability|handicapés=disabled people|aidant=carer|aidants=carers|hôpital=hospital
avocat=lawyer|avocats=lawyers|mécanicien=mechanic|mécaniciens=mechanics|informatique=IT|ingénieur=engineer
ingénieurs=engineers|baisses=decreases|hausses=increases|évolution=trend|évolutions=changes|tendance=trend
tendances=trends|demandes=requests|besoin=need|avantage=advantage|avantages=benefits|inconvénient=drawback
inconvénients=drawbacks|atout=asset|atouts=strengths|faiblesse=weakness|faiblesses=weaknesses|force=strength
forces=strengths|menace=threat|menaces=threats|possibilité=possibility|possibilités=options|succès=success
réussite=success|échec=failure|échecs=failures|réussir=succeed|réussi=succeeded|réussit=succeeds|échouer=fail
échoué=failed|rater=miss|raté=missed|oublier=forget|oublié=forgotten|oublie=forgets|rappeler=remind|rappel=reminder
rappels=reminders|relancer=follow up|relance=reminder|relances=reminders|fixer=set|définir=define|établir=establish
dépasser=exceed|dépasse=exceeds|dépassé=exceeded|dépassent=exceed|représenter=represent|représente=represents
représentent=represent|concerner=concern|concerne=concerns|concernent=concern|impliquer=involve|implique=involves
inclure=include|inclus=included|incluse=included|exister=exist|existe=exists|existent=exist|paraître=seem|paraît=seems
assurer=ensure|assure=ensures|assurons=ensure|garantir=guarantee|garantie=guarantee|garanties=guarantees
protéger=protect|optimiser=optimise|simplifier=simplify|accélérer=speed up|ralentir=slow down|ralenti=slowed
limiter=limit|limite=limit|limites=limits|supprimer=remove|supprimé=removed|supprimés=cut|retirer=withdraw
modifier=change|modifié=changed|modification=change|modifications=changes|adapter=adapt|adapté=suitable
adaptée=suitable|adaptés=suitable|ajuster=adjust|corriger=fix|transformer=transform|convertir=convert|noter=note
observer=observe|remarquer=notice|remarqué=noticed|constater=notice|constate=notice|constatons=notice|constaté=noticed
informer=inform|prévenir=warn|annoncer=announce|présenter=present|motiver=motivate|encourager=encourage
récompenser=reward|récompense=reward|intéresser=interest|intéressé=interested|intéressés=interested
intéressée=interested|subir=suffer|subit=suffers|profiter=benefit|profite=benefits|bénéficier=benefit
bénéficie=benefits|retenir=retain|contacter=contact|contacté=contacted|joindre=reach|rencontrer=meet|rencontre=meeting
rencontres=meetings|rencontré=met|inviter=invite|invité=guest|invités=guests|ajoutent=add|marcher=work|marche=works
marchent=work|fonctionner=work|fonctionne=works|fonctionnent=work|fonctionnement=operation|agrandir=expand
agrandissement=expansion|diversifier=diversify|abandonner=give up|reprendre=take over|reprise=recovery
vendrait=would sell|vendra=will sell|fondé=founded|fondée=founded|démarrage=start-up|ouvrirait=would open
fermerait=would close|licencié=laid off|licenciés=laid off|quitté=left|rejoint=joins|adhère=joins|inscrit=registered
abonné=subscriber|abonnés=subscribers|abonnée=subscriber|résilié=cancelled|annulé=cancelled|annulée=cancelled
annulés=cancelled|réservé=booked|réservée=booked|réservés=booked|commandée=ordered|commandés=ordered|livrée=delivered
livrées=delivered|expédié=shipped|expédiés=shipped|reçue=received|reçues=received|envoyée=sent|traité=processed
traiter=process|traitement=processing|pensez=think|trouvez=find|savez=know|voulais=wanted|pouvais=could|devais=had to
pouvez-vous=can you|pourriez-vous=could you|pourriez=could|conseillez=advise|conseillez-vous=do you advise
recommandez-vous=do you recommend|pensez-vous=do you think|devrait-on=should we|pourrait-on=could we|travaillons=work
travaillé=worked|travaillait=worked|vendait=sold|vendaient=sold|augmentait=was rising|baissait=was falling
diminuait=was falling|marchait=worked|fonctionnait=worked|commençait=started|commencerait=would start
lancerait=would launch|proposerait=would offer|augmenterait=would increase|baisserait=would fall
diminuerait=would decrease|perdrait=would lose|gagnerait=would earn|permettra=will allow|coûteraient=would cost
rapporter=bring in|rapporte=brings in|rapportent=bring in|rapporté=brought in|rapporterait=would bring in
rapportera=will bring in|accepterait=would accept|accepteraient=would accept|paieraient=would pay|paierait=would pay
viendraient=would come|achèteraient=would buy|achèterait=would buy|préférerait=would prefer|aimeraient=would like
resterait=would remain|partirait=would leave|suffit=is enough|suffirait=would be enough|suffisent=are enough
suffisante=sufficient|suffisants=sufficient|suffisantes=sufficient|insuffisant=insufficient|insuffisante=insufficient
dépend=depends|dépendent=depend|importe=matters|mesure=measure|mesures=measures|étudier=study|étude=study
études=studies|recherche=search|recherches=research|interroger=ask|répondants=respondents|classement=ranking
comparaison=comparison|pourcentage=percentage|pourcentages=percentages|statistiques=statistics|indicateur=indicator
indicateurs=indicators|habitude=habit|habitudes=habits|comportement=behaviour|comportements=behaviour
attentes=expectations|goût=taste|peur=fear|souci=worry|soucis=worries|difficulté=difficulty|difficultés=difficulties
frein=obstacle|freins=obstacles|gestionnaire=manager|gestionnaires=managers|administrateur=administrator
administrateurs=directors|coordinateur=coordinator|coordinatrice=coordinator|animateur=host|animatrice=host
animateurs=leaders|animation=activities|animations=activities|activité=activity|activités=activities|loisirs=leisure
sorties=outings|jeu=game|jeux=games|cadeau=gift|cadeaux=gifts|décor=decor|photographie=photography|musique=music
vaisselle=tableware|tente=tent|éclairage=lighting|lumière=light|lumières=lights|électrique=electric
électriques=electric|panneaux=panels|panneau=panel|solaire=solar|solaires=solar|chaudière=boiler|portes=doors
entretiens=interviews|ménager=household|électroménager=appliances|quincaillerie=hardware shop|bricolage=DIY
jardinage=gardening|c'est-à-dire=that is|en revanche=whereas|par contre=however|de temps en temps=occasionally
à la fois=simultaneously|la plupart du temps=mostly|pas mal de=quite a lot|exploitation agricole=farm
tableau de bord=dashboard|retour sur investissement=return on investment|salle des fêtes=village hall
produits ménagers=cleaning products|à cause de=because of|grâce à=thanks to|afin de=in order to|afin que=so that
pour que=so that|bien que=although|tandis que=while|quant à=as for|à peu près=roughly|à peine=barely
bien sûr=of course|par exemple=for example|petit à petit=little by little|peu à peu=gradually|nulle part=nowhere
quelque part=somewhere|quelque chose=something|autre chose=something else|tout à fait=completely|non plus=either
tout de suite=right away|en ce moment=at the moment|à l'heure actuelle=currently|au lieu de=instead of
en tout cas=in any case|de toute façon=anyway|en plus=in addition|de plus=moreover|par rapport à=compared to
en fonction de=depending on|à partir de=from|au moins=at least|en ligne=online|boutique en ligne=online shop
vente en ligne=online sales|bouche à oreille=word of mouth|feuille de calcul=spreadsheet|taux de remplissage=fill rate
taux d'occupation=occupancy rate|taux de conversion=conversion rate|panier moyen=average basket
compte de résultat=income statement|grille tarifaire=price list|bon de commande=purchase order
carte bancaire=bank card|carte de fidélité=loyalty card|compte bancaire=bank account|retard de paiement=late payment
frais fixes=fixed costs|frais variables=variable costs|frais de port=shipping costs|frais de livraison=delivery costs
produits frais=fresh produce|pommes de terre=potatoes|petit déjeuner=breakfast|salle de bain=bathroom
salle de sport=gym|centre commercial=shopping centre|grande surface=supermarket|chambre d'hôtes=B&B
femme de ménage=cleaner|garde d'enfants=childcare|salon de coiffure=hair salon|assemblée générale=general meeting
collecte de fonds=fundraising|ressources humaines=HR|entretien d'embauche=job interview|chef d'équipe=team leader
chef d'entreprise=business owner|mise en place=setup|mettre en place=set up|se lancer=get started|avoir besoin de=need
il faut=we need|il faudrait=we should|il faudra=we will need|il vaut mieux=it is better|vaut mieux=better
s'il vous plaît=please|est-ce que=is it that|ce que=what|fait main=handmade|alimentation animale=animal feed
poules pondeuses=laying hens|par mois=per month|par an=per year|par semaine=per week|par jour=per day
par heure=per hour|par personne=per person|par client=per customer|en ce qui concerne=regarding|à propos de=about
à côté de=next to|en face de=opposite|au sein de=within|la plupart=most|en effet=indeed|du coup=so|un peu=a bit
pas encore=not yet|ne plus=no longer|mise à jour=update|service après-vente=after-sales service
congé maternité=maternity leave|congés payés=paid leave|arrêt de travail=sick leave|heures de pointe=peak hours
heure de pointe=rush hour|basse saison=low season|haute saison=high season|hors saison=off season
prix fixe=fixed price|prix unitaire=unit price|coût de revient=cost price|seuil de rentabilité=break-even point
fonds de roulement=working capital|délai de paiement=payment term|délais de paiement=payment terms
jour férié=public holiday|jours fériés=public holidays|fin de mois=end of month|mois prochain=next month
mois dernier=last month|semaine prochaine=next week|semaine dernière=last week|cette année=this year
cette semaine=this week|vélos=bikes|vélo=bike|outillage=tools
`;

/** Spanish: 1934 entries. */
const ES = `
podremos=we'll be able|busco=I look for|gestor=manager|de=of|del=of the|la=the|el=the|los=the|las=the|un=a|una=a
unos=some|unas=some|al=to the|en=in|con=with|para=for|por=for|sin=without|y=and|e=and|o=or|u=or|ni=nor|que=that|no=not
sí=yes|se=itself|te=you|le=him|les=them|nos=us|mi=my|mis=my|tu=your|tus=your|nuestro=our|nuestra=our|nuestros=our
nuestras=our|suyo=theirs|nosotros=we|usted=you|ustedes=you|esos=those|esas=those|aquel=that|aquella=that|ahí=there
allí=there|aquí=here|acá=here|bien=well|mal=badly|ante=before|bajo=low|tras=after|mediante=through|excepto=except
salvo=except|incluso=even|además=also|encima=on top|debajo=under|delante=in front|detrás=behind|dentro=inside
fuera=outside|lejos=far|junto=together|frente=facing|ahora=now|ahorita=right now|luego=later|después=after
antes=before|hoy=today|ayer=yesterday|mañana=tomorrow|anoche=last night|enseguida=right away
inmediatamente=immediately|honestamente=honestly|sinceramente=honestly|francamente=frankly|claramente=clearly
simplemente=simply|exactamente=exactly|especialmente=especially|generalmente=generally|habitualmente=usually
constantemente=constantly|regularmente=regularly|diariamente=daily|mensualmente=monthly|anualmente=annually
totalmente=totally|completamente=completely|absolutamente=absolutely|apenas=barely|únicamente=only|quizá=maybe
seguramente=probably|posiblemente=possibly|obviamente=obviously|afortunadamente=fortunately
lamentablemente=unfortunately|finalmente=finally|mas=more|más=more|menos=less|tanto=so much|tanta=so much
tantos=so many|tantas=so many|tan=so|cuanto=how much|cuánto=how much|cuál=which|cuáles=which|cual=which|cuales=which
qué=what|como=like|cómo=how|mismo=same|misma=same|mismos=same|propio=own|propia=own|propios=own|cualquier=any
cualquiera=anyone|ambos=both|ambas=both|demás=others|resto=rest|tal=such|cierto=true|cierta=certain|ciertos=certain
algún=some|alguna=some|algunos=some|algunas=some|alguno=some|bastantes=quite a few|poca=little|gracias=thanks
hola=hello|ojalá=hopefully|vale=is worth|verdad=truth|incluido=included|aparte=besides|recién=recently
últimamente=lately|próximamente=soon|directamente=directly|fácilmente=easily|personalmente=personally|ser=be|soy=I am
eres=you are|es=is|somos=we are|sería=would be|serían=would be|seríamos=we would be|serán=will be|seremos=we will be
sean=be|sido=been|siendo=being|éramos=we were|fuimos=we were|estar=be|estoy=I am|estás=you are|está=is|están=are
estaban=were|estado=been|estará=will be|estaría=would be|esté=is|estén=are|estábamos=we were|estuvimos=we were|ha=has
han=have|había=had|habían=had|habíamos=we had|habría=would have|habríamos=we would have|habrá=will have|haya=has
hayan=have|hayamos=we have|hay=there is|hubo=there was|haber=have|tengo=I have|tienes=you have|tenemos=we have
tenía=had|tenían=had|teníamos=we had|tendría=would have|tendríamos=we would have|tendrían=would have|tendrá=will have
tendremos=we will have|tenga=has|tengan=have|tengamos=we have|tenido=had|tuvimos=we had|tuvo=had|tuvieron=had
hago=I do|haces=you do|hacemos=we do|hacía=did|hecho=done|haría=would do|haríamos=we would do|hará=will do
haremos=we will do|haga=do|hagan=do|hagamos=let's do|hizo=did|hicimos=we did|hicieron=did|haciendo=doing|puedo=I can
puedes=you can|podemos=we can|podía=could|podíamos=we could|podría=could|podrían=could|podrá=will be able|pueda=can
puedan=can|podamos=we can|podido=been able|pudimos=we could|pudo=could|poder=be able|debes=you must|debemos=we must
debería=should|deberían=should|debía=had to|debíamos=we had to|deber=must|debido=due|quería=wanted|queríamos=we wanted
querría=would like|querríamos=we would like|quisiera=would like|quisiéramos=we would like|voy=I am going|vas=you go
iba=was going|iría=would go|irá=will go|iremos=we will go|irán=will go|ido=gone|vaya=go|fui=I went|digo=I say
decimos=we say|dicho=said|dijo=said|dijeron=said|diría=would say|sé=I know|sabía=knew|sepa=knows|creo=I think
cree=believes|creen=believe|pienso=feed|piensa=thinks|piensan=think|pensado=thought|pensando=thinking|necesito=I need
necesitamos=we need|necesitaría=would need|necesitaríamos=we would need|necesitaba=needed|llevar=take|lleva=has been
llevamos=we have been|llevan=have been|llevo=I have been|poner=put|pone=puts|ponemos=we put|ponen=put|puesto=position
puestos=positions|damos=we give|dado=given|dio=gave|daría=would give|veo=I see|ve=sees|ven=see|visto=seen|vengo=I come
venimos=we come|venido=come|vendrá=will come|vendrían=would come|salimos=we go out|salido=gone out|llegamos=we arrive
llegado=arrived|llegó=arrived|llegaron=arrived|pasamos=we spend|pasado=last|pasada=last|pasó=happened|pasan=happen
pasando=happening|quedamos=we stay|quedado=remained|quedó=remained|seguir=continue|sigue=continues
seguimos=we continue|siguen=continue|seguido=followed|siguiente=next|siguientes=next|volver=return|vuelve=returns
volvemos=we return|vuelven=come back|vuelto=returned|empezamos=we start|empiezan=start|empezado=started|empezó=started
comienza=starts|comenzamos=we start|comenzó=started|abrimos=we open|abre=opens|abren=open|abierta=open|abiertos=open
abrió=opened|cerramos=we close|cierra=closes|cierran=close|cerrada=closed|cerrados=closed|cerró=closed|vender=sell
vendo=I sell|vendida=sold|vendidos=sold|venta=sale|vendedor=seller|vendedores=sellers|vendimos=we sold
vendíamos=we sold|vendería=would sell|venderíamos=we would sell|compro=I buy|compran=buy|comprado=bought|compró=bought
comprarían=would buy|compraría=would buy|comprador=buyer|compradores=buyers|paga=pays|pagaría=would pay
pagarían=would pay|pagando=paying|costar=cost|costaría=would cost|costó=cost|costaba=cost|ganan=earn|ganado=gained
ganaba=earned|ganaríamos=we would earn|perder=lose|perdido=lost|perdió=lost|perdimos=we lost|perderíamos=we would lose
trabajado=worked|trabajando=working|trabajaba=worked|vivir=live|vive=lives|vivimos=we live|viven=live|comer=eat
hablar=talk|habla=talks|hablamos=we talk|hablan=talk|hablado=talked|llamamos=we call|llaman=call|llamado=called
escrito=written|leer=read|entiendo=I understand|entiende=understands|conozco=I know|conoce=knows|conocemos=we know
conocen=know|conocido=known|encuentra=finds|encuentran=find|encontrado=found|busca=looks for|buscan=look for
buscando=looking for|usan=use|usado=used|utiliza=uses|utilizamos=we use|utilizan=use|utilizado=used|ofrece=offers
ofrecen=offer|ofrecido=offered|ofrecería=would offer|ofreciendo=offering|tomamos=we take|toman=take|tomado=taken
traer=bring|trae=brings|sacar=take out|baja=low|bajos=low|bajas=low|mejoramos=we improve|mejoran=improve
mejorando=improving|mejoraría=would improve|crecemos=we grow|creciendo=growing|crecería=would grow|reduce=reduces
reducimos=we reduce|reducen=reduce|reducción=reduction|reducciones=cuts|aumentamos=we increase|aumentan=increase
aumentó=increased|aumentaría=would increase|aumentaron=increased|contratamos=we hire|contrata=hires|contratan=hire
contratado=hired|contratados=hired|contratación=hiring|contrataría=would hire|ahorramos=we save|gasta=spends
gastan=spend|gastado=spent|invierte=invests|invierten=invest|invertido=invested|pide=asks for|pido=I ask for
pidió=asked for|ayuda=help|ayudamos=we help|ayudan=help|ayudaría=would help|probar=try|prueba=test|pruebas=tests
probamos=we try|probado=tried|intentamos=we try|intenta=tries|intentado=tried|lograr=achieve|logramos=we achieve
logrado=achieved|conseguido=got|dejamos=we leave|deja=leaves|dejado=left|dejó=left|dejaron=left|cambiamos=we change
cambia=changes|cambian=change|cambio=change|cambios=changes|cambiaría=would change|preferir=prefer|prefiero=I prefer
prefiere=prefers|prefieren=prefer|preferimos=we prefer|preferiría=would prefer|preferirían=would prefer|gustar=like
gusta=likes|gustan=like|gustaría=would like|gustarían=would like|encanta=loves|parecen=seem|parecía=seemed|sentir=feel
siento=I feel|siente=feels|espero=I hope|preocupa=worries|preocupan=worry|preocupado=worried|preocupada=worried
preocupados=worried|preocupadas=worried|preocupación=concern|preocupaciones=concerns|temer=fear|tememos=we fear
miedo=fear|duda=doubt|dudas=doubts|dudamos=we hesitate|plantear=consider|planteamos=we are considering
planteando=considering|considerar=consider|consideramos=we consider|considera=considers|valer=be worth
valdría=would be worth|convenir=suit|conviene=is advisable|convendría=would be advisable|servir=serve|sirve=serves
servimos=we serve|sirven=serve|funcionar=work|funciona=works|funcionan=work|funcionado=worked|funcionaría=would work
funcionamiento=operation|producir=produce|producimos=we produce|producen=produce|fabricar=manufacture
fabricamos=we make|fabricación=manufacturing|fabricante=manufacturer|fabricantes=manufacturers|preparar=prepare
preparamos=we prepare|cocinar=cook|limpiar=clean|limpieza=cleaning|reparar=repair|reparación=repair
reparaciones=repairs|instalar=install|instalación=installation|instalaciones=facilities|enviar=send|envía=sends
enviamos=we send|envían=send|enviado=sent|mandar=send|repartir=deliver|organizar=organise|organizamos=we organise
organiza=organises|organización=organisation|organizaciones=organisations|celebrar=hold|alquilamos=we rent
alquilan=rent|alquilado=rented|mudanzas=removals|añadir=add|añadimos=we add|quitar=remove|incluir=include
incluye=includes|incluyen=include|incluidos=included|crear=create|creamos=we create|crea=creates|creado=created
creación=creation|desarrollar=develop|desarrollo=development|aprender=learn|enseñar=teach|estudiar=study|estudio=study
estudios=studies|explicar=explain|recomendar=recommend|recomiendas=do you recommend|recomienda=recommends
recomendaría=would recommend|recomiendan=recommend|aconsejar=advise|aconsejas=do you advise|aconseja=advises
consejo=advice|consejos=advice|sugerir=suggest|sugieres=do you suggest|atender=serve|atendemos=we serve|atiende=serves
atienden=serve|cuidar=care for|cuidamos=we look after|criar=raise|criamos=we raise|cría=breeding|alimentar=feed
alimentamos=we feed|recoger=collect|recogemos=we collect|recogida=collection|cultivar=grow|cultivamos=we grow
cultivo=crop|cultivos=crops|plantar=plant|cosechar=harvest|cosechas=harvests|embalaje=packaging|envase=container
envases=containers|etiqueta=label|etiquetas=labels|almacenar=keep in stock|almacenamiento=storage
transportar=transport|exportar=export|importar=import|exportación=export|exportaciones=exports|importación=import
importaciones=imports|financiar=finance|financiación=financing|facturar=bill|facturamos=we bill|registrar=register
inscribir=register|inscripción=registration|inscripciones=registrations|inscritos=registered|apuntarse=sign up
participar=take part|participan=take part|participación=participation|asistir=attend|asisten=attend
asistencia=attendance|visitar=visit|visitan=visit|viajar=travel|mirar=look|estimar=estimate|estimación=estimate
evaluar=evaluate|evaluación=evaluation|revisar=review|comprobar=check|controlar=control|vigilar=monitor|cumplir=meet
cumple=meets|aceptar=accept|aceptamos=we accept|acepta=accepts|aceptan=accept|permitir=allow|permite=allows
permiten=allow|permitiría=would allow|aprovechar=take advantage|aprovechamos=we take advantage|apostar=bet
apostamos=we bet|apuesta=bet|arriesgado=risky|ampliar=expand|ampliamos=we expand|ampliación=expansion
diversificar=diversify|promocionar=promote|promoción=promotion|promociones=promotions|anunciar=advertise|anuncio=ad
anuncios=ads|publicar=post|publicamos=we post|comunicar=communicate|comunicación=communication|captar=attract
captación=acquisition|montar=set up|montamos=we set up|emprender=start up|emprendedor=entrepreneur
emprendedores=entrepreneurs|emprendimiento=venture|negociamos=we negotiate|firmamos=we sign|firma=signature
lanzado=launched|lanza=launches|lanzaríamos=we would launch|lanzaría=would launch|abriríamos=we would open
abriría=would open|cerraríamos=we would close|cerraría=would close|subimos=we raise|bajamos=we lower|subida=rise
subidas=rises|bajada=drop|descenso=decline|repunte=rebound|recuperación=recovery|estancado=stagnant|huevo=egg
huevos=eggs|gallina=hen|gallinas=hens|pollo=chicken|pollos=chickens|pollitos=chicks|ponedoras=laying hens
gallinero=henhouse|granjas=farms|granjero=farmer|granjeros=farmers|ganadero=livestock farmer
ganaderos=livestock farmers|ganadería=livestock farming|alimento=food|alimentos=food|alimentación=food|pan=bread
harina=flour|leche=milk|queso=cheese|mantequilla=butter|carne=meat|pescado=fish|verduras=vegetables
hortalizas=vegetables|fruta=fruit|frutas=fruit|manzana=apple|manzanas=apples|naranja=orange|naranjas=oranges
tomate=tomato|tomates=tomatoes|patata=potato|patatas=potatoes|azúcar=sugar|aceite=oil|vino=wine|vinos=wines
cerveza=beer|cervezas=beers|café=coffee|té=tea|agua=water|bebida=drink|bebidas=drinks|refrescos=soft drinks
comidas=meals|cena=dinner|cenas=dinners|almuerzo=lunch|almuerzos=lunches|desayuno=breakfast|desayunos=breakfasts
menú=menu|menús=menus|plato=dish|platos=dishes|postres=desserts|tarta=cake|tartas=cakes|pastel=cake|pasteles=cakes
panadería=bakery|panadero=baker|pastelería=cake shop|carnicería=butcher's|supermercado=supermarket
supermercados=supermarkets|ración=portion|miel=honey|helado=ice cream|helados=ice creams|orgánico=organic
ecológico=organic|ecológica=organic|ecológicos=organic|ecológicas=organic|fresco=fresh|fresca=fresh|frescos=fresh
frescas=fresh|congelado=frozen|congelados=frozen|vaca=cow|vacas=cows|cerdos=pigs|oveja=sheep|ovejas=sheep|cabra=goat
cabras=goats|animales=animals|aves=poultry|grano=grain|cereales=cereals|trigo=wheat|maíz=maize|campo=countryside
campos=fields|tierra=land|tierras=land|terreno=land|terrenos=plots|huerto=vegetable garden|huerta=market garden
flores=flowers|plantas=plants|semillas=seeds|abono=fertiliser|viñedo=vineyard|viñedos=vineyards|vendimia=grape harvest
invernadero=greenhouse|invernaderos=greenhouses|colmena=beehive|colmenas=beehives|apicultor=beekeeper|explotación=farm
explotaciones=farms|finca=estate|fincas=estates|agricultura=farming|agrícola=agricultural|agrícolas=agricultural
productor=producer|productores=producers|banquete=banquet|boda=wedding|bodas=weddings|novia=bride|novio=groom
novios=couple|evento=event|eventos=events|fiesta=party|fiestas=parties|celebración=celebration
celebraciones=celebrations|cumpleaños=birthday|bautizo=christening|comunión=communion|invitados=guests|invitado=guest
salón=hall|salones=halls|feria=trade fair|ferias=trade fairs|congreso=conference|conferencia=conference
taller=workshop|talleres=workshops|espectáculo=show|espectáculos=shows|concierto=concert|conciertos=concerts
decoración=decoration|fotógrafo=photographer|música=music|músicos=musicians|regalo=gift|regalos=gifts|juegos=games
ocio=leisure|actividad=activity|actividades=activities|animación=entertainment|carpa=marquee|iluminación=lighting
luz=light|casa=house|casas=houses|hogar=home|hogares=households|piso=flat|pisos=flats|apartamento=apartment
apartamentos=apartments|vivienda=housing|viviendas=homes|mueble=piece of furniture|muebles=furniture
mobiliario=furniture|mesa=table|silla=chair|sillas=chairs|sofá=sofa|sofás=sofas|cama=bed|camas=beds|armario=wardrobe
armarios=wardrobes|cocinas=kitchens|baño=bathroom|baños=bathrooms|tejado=roof|pared=wall|paredes=walls|suelo=floor
suelos=floors|ventana=window|ventanas=windows|puertas=doors|jardín=garden|jardines=gardens|terraza=terrace
calefacción=heating|azulejos=tiles|baldosas=tiles|cerámica=ceramics|pintura=paint|fontanería=plumbing
fontanero=plumber|fontaneros=plumbers|electricista=electrician|electricistas=electricians|carpintero=carpenter
carpintería=carpentry|albañil=bricklayer|albañiles=bricklayers|pintor=painter|pintores=painters|obrero=worker
obreros=workers|arquitecto=architect|aislamiento=insulation|caldera=boiler|tela=fabric|telas=fabrics|tejido=fabric
tejidos=fabrics|textil=textile|ropa=clothes|prenda=garment|prendas=garments|zapatos=shoes|calzado=footwear
costura=sewing|coser=sew|lana=wool|algodón=cotton|cuero=leather|madera=wood|vidrio=glass|cristal=glass|piedra=stone
hormigón=concrete|ladrillo=brick|ladrillos=bricks|acero=steel|plástico=plastic|papel=paper|cartón=cardboard
cajas=boxes|bolsa=bag|bolsas=bags|herramienta=tool|herramientas=tools|materiales=materials|equipos=equipment
peluquería=hairdresser's|peluquero=hairdresser|peluquera=hairdresser|estética=beauty|belleza=beauty
tintorería=dry cleaner's|lavandería=laundry|mecánico=mechanic|coche=car|coches=cars|vehículo=vehicle
vehículos=vehicles|furgoneta=van|furgonetas=vans|viaje=trip|viajes=trips|turismo=tourism|turista=tourist
turistas=tourists|turístico=tourist|turística=tourist|alojamiento=accommodation|alojamientos=accommodation
hostal=guesthouse|hoteles=hotels|pernoctaciones=overnight stays|estancia=stay|estancias=stays|entrada=ticket
entradas=tickets|billete=ticket|billetes=tickets|taquilla=box office|visita=visit|guardería=nursery|niñera=nanny
familia=family|padre=father|madre=mother|hijo=son|hija=daughter|hijos=children|hermano=brother|hermana=sister
hermanos=siblings|marido=husband|esposo=husband|esposa=wife|mujer=woman|mujeres=women|hombre=man|hombres=men
niño=child|niña=girl|bebé=baby|abuelos=grandparents|pareja=partner|amigo=friend|amiga=friend|amigos=friends
vecino=neighbour|gente=people|persona=person|personas=people|mundo=world|señor=Mr|señora=Mrs|momento=moment|rato=while
minutos=minutes|lunes=Monday|martes=Tuesday|miércoles=Wednesday|jueves=Thursday|viernes=Friday|sábado=Saturday
sábados=Saturdays|domingo=Sunday|domingos=Sundays|primavera=spring|otoño=autumn|estación=season|temporadas=seasons
estacional=seasonal|estacionales=seasonal|estacionalidad=seasonality|período=period|periodo=period|época=time
década=decade|semestre=half-year|calendario=calendar|fecha=date|fechas=dates|navidad=Christmas|navidades=Christmas
puente=long weekend|festivo=public holiday|festivos=public holidays|veranos=summers|mañanas=mornings|tardes=afternoons
noches=nights|tiempo=time|clima=weather|lluvia=rain|llueve=it rains|nieve=snow|sol=sun|calor=heat|frío=cold|fría=cold
caluroso=hot|tormenta=storm|viento=wind|sequía=drought|inundación=flood|inundaciones=floods|temperatura=temperature
temperaturas=temperatures|calle=street|calles=streets|carretera=road|carreteras=roads|plaza=place|plazas=places
centro=centre|centros=centres|pueblos=villages|ciudades=cities|provincia=province|comunidad=community
aeropuerto=airport|puerto=port|playa=beach|playas=beaches|montaña=mountain|mar=sea|río=river|parque=park|cine=cinema
gimnasio=gym|gimnasios=gyms|piscina=swimming pool|piscinas=swimming pools|polideportivo=sports centre|colegios=schools
escuelas=schools|universidad=university|librería=bookshop|farmacia=pharmacy|mercadillo=street market|bares=bars
cafetería=café|cafeterías=cafés|restaurantes=restaurants|negocios=businesses|comercio=shop|comercios=shops
comerciante=shopkeeper|comerciantes=shopkeepers|pyme=SME|pymes=SMEs|autónomo=self-employed|autónoma=self-employed
locales=premises|nave=warehouse|naves=warehouses|polígono=industrial estate|zonas=areas|área=area|áreas=areas
territorio=territory|francia=France|alemania=Germany|italia=Italy|inglaterra=England|eeuu=USA|perú=Peru|japón=Japan
europa=Europe|américa=America|latinoamérica=Latin America|andalucía=Andalusia|cataluña=Catalonia
canarias=Canary Islands|baleares=Balearic Islands|marruecos=Morocco|brasil=Brazil|canadá=Canada|español=Spanish
española=Spanish|españoles=Spanish|extranjeros=foreigners|extranjera=foreign|europeo=European|europea=European
europeos=European|mexicano=Mexican|mexicana=Mexican|mexicanos=Mexican|argentino=Argentinian|argentinos=Argentinian
colombiano=Colombian|colombianos=Colombian|inglés=English|francés=French|alemán=German|chino=Chinese|hoja=sheet
hojas=sheets|cuestionario=questionnaire|cuestionarios=questionnaires|formulario=form|formularios=forms|sondeo=poll
opiniones=opinions|opinión=opinion|comentarios=comments|comentario=comment|sugerencias=suggestions|propuesta=proposal
propuestas=proposals|tarifa=rate|tarifas=rates|presupuesto=budget|presupuestos=quotes|cotización=quote|volumen=volume
ganancia=profit|productividad=productivity|eficiencia=efficiency|eficaz=effective|eficiente=efficient|tasa=rate
tasas=rates|ocupación=occupancy|porcentaje=percentage|cifra=figure|cifras=figures|contabilidad=accounting
contable=accountant|contador=accountant|gestoría=accounting firm|asesor=adviser|asesores=advisers
asesoría=advisory firm|abogado=lawyer|abogados=lawyers|notario=notary|seguro=insurance|seguros=insurance
aseguradora=insurer|cuenta=account|cuentas=accounts|tarjeta=card|tarjetas=cards|efectivo=cash|transferencia=transfer
transferencias=transfers|recibo=receipt|recibos=receipts|dinero=money|plata=money|dólares=dollars|importe=amount
monto=amount|suma=sum|valor=value|interés=interest|subsidio=subsidy|subsidios=subsidies|suscripción=subscription
suscriptor=subscriber|empleo=job|empleos=jobs|trabajador=worker|trabajadora=worker|trabajadoras=workers
empleado=employee|empleada=employee|empleador=employer|jefa=boss|encargado=manager|encargada=manager
encargados=managers|responsable=manager|responsables=managers|camarera=waitress|camareras=waitresses
dependiente=shop assistant|dependienta=shop assistant|dependientes=shop assistants|cajero=cashier|paro=unemployment
desempleo=unemployment|jubilado=retired|jubilados=retirees|teletrabajo=remote work|becario=intern|becarios=interns
prácticas=internship|aprendiz=apprentice|curso=course|cursos=courses|clase=class|clases=classes|profesor=teacher
profesora=teacher|alumno=pupil|estudiante=student|maestro=teacher|asociación=association|asociaciones=associations
clubes=clubs|ong=NGO|ongs=NGOs|entidad=organisation|entidades=organisations|benéfica=charitable|benéfico=charitable
caridad=charity|solidario=charitable|solidaria=charitable|presidente=chair|tesorero=treasurer|tesorera=treasurer|secretario=secretary
secretaria=secretary|junta=board|asamblea=assembly|voluntariado=volunteering|voluntaria=volunteer
voluntarias=volunteers|recaudar=raise|recaudación=fundraising|fondos=funds|donar=donate|colaborar=collaborate
colaboradores=collaborators|patrocinador=sponsor|patrocinadores=sponsors|patrocinio=sponsorship|jugador=player
jugadores=players|entrenador=coach|entrenadores=coaches|entrenamiento=training|partido=match|partidos=matches
torneo=tournament|liga=league|deporte=sport|deportes=sports|deportivo=sports|deportiva=sports|compañía=company
compañías=companies|página=page|páginas=pages|redes=networks|ordenador=computer|ordenadores=computers
computadora=computer|pantalla=screen|móvil=mobile phone|celular=mobile phone|carta=menu|cartas=letters|encargo=order
encargos=orders|mercancías=goods|artículo=item|pieza=part|piezas=parts|unidad=unit|unidades=units|lote=batch
lotes=batches|docena=dozen|docenas=dozens|folleto=leaflet|folletos=leaflets|cartel=poster|carteles=posters
seguidores=followers|público=public|pública=public|distribuidor=distributor|distribuidores=distributors
distribución=distribution|mayorista=wholesaler|mayoristas=wholesalers|minorista=retailer|minoristas=retailers
economía=economy|económico=economic|económica=economic|económicos=economic|financiero=financial|financiera=financial
financieros=financial|hacienda=tax office|trámites=paperwork|trámite=procedure|papeleo=paperwork
burocracia=bureaucracy|requisito=requirement|higiene=hygiene|sanidad=healthcare|salud=health|cosa=thing|cosas=things
manera=way|forma=way|modo=way|vez=time|caso=case|casos=cases|ejemplo=example|ejemplos=examples|tipo=type|tipos=types
nivel=level|niveles=levels|tamaño=size|lado=side|punto=point|puntos=points|tema=topic|temas=topics|asunto=matter
asuntos=matters|cuestión=issue|situación=situation|situaciones=situations|vida=life|nombre=name|palabra=word
palabras=words|historia=story|prensa=press|televisión=television|fotos=photos|inicio=start|comienzo=start|grupo=group
grupos=groups|sociedad=company|gobierno=government|política=policy|políticas=policies|alcalde=mayor|nuevo=new
nueva=new|nuevos=new|nuevas=new|vieja=old|viejos=old|antigua=old|antiguos=old|moderno=modern|moderna=modern
modernos=modern|pequeño=small|pequeña=small|pequeños=small|pequeñas=small|chico=small|enorme=huge|enormes=huge
mediano=medium|mediana=medium|cortos=short|cortas=short|largas=long|llena=full|llenos=full|llenas=full|vacía=empty
vacíos=empty|vacías=empty|libre=free|libres=free|disponible=available|disponibles=available
disponibilidad=availability|ocupada=busy|ocupadas=busy|fáciles=easy|difíciles=difficult|sencilla=simple
complicado=complicated|complicada=complicated|complicados=complicated|complejo=complex|compleja=complex
posibles=possible|necesario=necessary|necesaria=necessary|necesarios=necessary|necesarias=necessary|útil=useful
útiles=useful|inútil=useless|práctico=practical|práctica=practice|cómodo=comfortable|cómoda=comfortable
rentables=profitable|baratas=cheap|cara=expensive|asequible=affordable|asequibles=affordable|razonable=reasonable
razonables=reasonable|competitivo=competitive|competitiva=competitive|competitivos=competitive
competitivas=competitive|interesante=interesting|interesantes=interesting|atractivo=attractive|atractiva=attractive
atractivos=attractive|principales=main|esencial=essential|esenciales=essential|clave=key|básico=basic|básica=basic
básicos=basic|generales=general|actuales=current|reciente=recent|recientes=recent|anterior=previous
anteriores=previous|futuro=future|futura=future|futuros=future|última=last|segura=sure|verdadero=real|falso=false
correcto=correct|correcta=correct|justo=fair|excelente=excellent|excelentes=excellent|perfecto=perfect
perfecta=perfect|grave=serious|graves=serious|urgente=urgent|urgentes=urgent|fuerte=strong|fuertes=strong|débil=weak
estable=stable|estables=stable|constante=constant|constantes=constant|frecuente=frequent|frecuentes=frequent
habitual=usual|habituales=regular|normales=normal|raro=strange|nacionales=national|internacionales=international
regionales=regional|mundial=global|humano=human|humanos=human|sociales=social|médica=medical|privado=private
privada=private|privados=private|privadas=private|gratuita=free|gratuitos=free|gratuitas=free|industriales=industrial
comerciales=commercial|artesanal=handmade|artesanales=handmade|artesano=craftsman|artesanos=craftspeople
familiares=relatives|contenta=happy|contentas=happy|feliz=happy|felices=happy|triste=sad|satisfecho=satisfied
satisfecha=satisfied|insatisfecho=dissatisfied|enfermo=sick|listo=ready|lista=list|listas=lists|propietarios=owners
socia=partner|fijo=fixed|fija=fixed|fijos=fixed|fijas=fixed|mensuales=monthly|anuales=annual|semanales=weekly
diaria=daily|diarios=daily|diarias=daily|temporal=temporary|diferencia=difference|diferencias=differences
ventaja=advantage|ventajas=advantages|desventaja=disadvantage|desventajas=disadvantages|inconveniente=drawback
inconvenientes=drawbacks|opción=option|opciones=options|alternativa=alternative|alternativas=alternatives
posibilidad=possibility|posibilidades=options|éxito=success|fracaso=failure|suerte=luck|dificultad=difficulty
dificultades=difficulties|obstáculos=obstacles|amenazas=threats|fortalezas=strengths|debilidades=weaknesses
tendencia=trend|tendencias=trends|evolución=trend|comportamiento=behaviour|expectativas=expectations|demanda=demand
demandas=demands|necesidad=need|mejoras=improvements|indicador=indicator|indicadores=indicators
estadísticas=statistics|comparación=comparison|medida=measure|medidas=measures|meta=goal|metas=goals|olvidar=forget
recordar=remember|recordatorio=reminder|fijar=set|definir=define|establecer=establish|superar=exceed|supera=exceeds
superado=exceeded|representar=represent|representa=represents|representan=represent|suponer=mean|supone=means
suponen=mean|implicar=involve|implica=involves|existir=exist|existe=exists|existen=exist|asegurar=ensure
garantizar=guarantee|garantía=guarantee|proteger=protect|optimizar=optimise|simplificar=simplify|acelerar=speed up
limitar=limit|límite=limit|eliminar=remove|eliminado=removed|modificar=change|modificación=change|adaptar=adapt
adaptado=suitable|ajustar=adjust|ajuste=adjustment|ajustes=adjustments|corregir=fix|transformar=transform
convertir=convert|notamos=we notice|observar=observe|descubrir=discover|informar=inform|avisar=warn|presentar=present
motivar=motivate|motivación=motivation|motivado=motivated|motivados=motivated|desmotivados=demotivated|premio=prize
premios=prizes|agradecer=thank|interesar=interest|interesa=interests|interesado=interested|interesados=interested
interesada=interested|sufrir=suffer|beneficiarse=benefit|aprovecha=takes advantage|contactar=contact|contacto=contact
contactos=contacts|reunir=gather|reunirse=meet|invitar=invite|funcionaba=worked|ampliarse=expand|crecimos=we grew
cayeron=fell|bajaron=fell|subieron=rose|crecieron=grew|mejoraron=improved|empeoraron=worsened|cambió=changed
suspender=suspend|retomar=resume|traspasar=sell|traspaso=business transfer|fundar=found|fundado=founded
arranque=start-up|arrancar=start|despedimos=we lay off|despidió=laid off|jubilarse=retire|renuncia=resignation
renuncias=resignations|inscrito=registered|suscritos=subscribers|cancelado=cancelled|cancelada=cancelled
reservado=booked|reservas=bookings|recibido=received|entregada=delivered|tratar=deal with|trata=deals with
tratamiento=treatment|gestiona=manages|gestionan=manage|dirigimos=we run|dirigido=aimed|podrías=could you
deberías=should you|recomendarías=would you recommend|aconsejarías=would you advise|harías=would you do
crees=do you think|piensas=do you think|sabes=do you know|merece=deserves|valdría la pena=would be worthwhile
habría que=we would need|tendríamos que=we should|no estoy seguro=I'm not sure|no estamos seguros=we're not sure
en cambio=whereas|por otro lado=besides|a la vez=simultaneously|no estoy segura=I'm not sure
placas solares=solar panels|polígono industrial=industrial estate|temporada alta=high season|temporada baja=low season
merece la pena=is it worth|vale la pena=is it worth|haría falta=would be needed|hace falta=is needed|hay que=need to
conviene más=is it better|no obstante=nevertheless|por eso=that's why|por lo tanto=therefore|por tanto=therefore
por ejemplo=for example|o sea=I mean|así que=so|ya que=since|puesto que=since|para que=so that|a pesar de=despite
a través de=through|en vez de=instead of|en lugar de=instead of|además de=besides|antes de=before|después de=after
cerca de=near|lejos de=far from|alrededor de=around|acerca de=about|con respecto a=regarding|respecto a=regarding
debido a=due to|gracias a=thanks to|por favor=please|de hecho=in fact|en realidad=actually|al final=in the end
al mes=a month|al año=a year|por semana=per week|por mes=per month|por día=per day|por hora=per hour
por persona=per person|hoja de cálculo=spreadsheet|tasa de ocupación=occupancy rate|tasa de llenado=fill rate
tasa de conversión=conversion rate|ticket medio=average ticket|cuenta de resultados=income statement
volumen de negocio=turnover|volumen de ventas=sales volume|cifra de negocios=turnover
punto de equilibrio=break-even point|fondo de maniobra=working capital|flujo de caja=cash flow
gastos fijos=fixed costs|costes fijos=fixed costs|gastos de envío=shipping costs|precio unitario=unit price
lista de precios=price list|tarjeta de crédito=credit card|tarjeta de fidelización=loyalty card
cuenta bancaria=bank account|tienda online=online shop|venta online=online sales|en línea=online
boca a boca=word of mouth|al por mayor=wholesale|al por menor=retail|recursos humanos=HR
entrevista de trabajo=job interview|oferta de empleo=job offer|puesto de trabajo=job|salario mínimo=minimum wage
contrato indefinido=permanent contract|contrato temporal=fixed-term contract|seguridad social=social security
asamblea general=general meeting|recaudar fondos=raise funds|recaudación de fondos=fundraising
casa rural=holiday cottage|aire acondicionado=air conditioning|centro comercial=shopping centre
reino unido=United Kingdom|estados unidos=United States|país vasco=Basque Country|semana santa=Easter week
ola de calor=heatwave|todo el mundo=everyone|pienso que=I think that|yo pienso=I think|gallinas ponedoras=laying hens
poner huevos=lay eggs|hoy en día=nowadays|este año=this year|el año pasado=last year|el año que viene=next year
el próximo año=next year|el mes pasado=last month|la semana pasada=last week|a corto plazo=short term
a largo plazo=long term|por lo general=generally|en general=in general|de momento=for now|por ahora=for now
a lo mejor=maybe|lo que=what|más o menos=more or less|al menos=at least|por lo menos=at least|a partir de=from
en cuanto a=as for|de todos modos=anyway|un poco=a bit|poco a poco=little by little|fuera de temporada=off season
hora punta=rush hour|día festivo=public holiday|hecho a mano=handmade|darse de alta=sign up|dar de baja=cancel
de baja=on leave|tener en cuenta=take into account|llevar a cabo=carry out|poner en marcha=launch|en marcha=underway
seguro que=surely|estamos seguros=we are sure|clienta=customer|clientas=customers
`;

/** German: 1914 entries. */
const DE = `
wissen=know|betragen=amount to|behalten=keep|beraten=advise|funktioniert=works|bedeutet=means|verfügt=has
beschäftigt=employs|erfolgt=takes place|gesteckt=put|bestanden=passed|weiß=know|gewusst=known|tut=does|tat=did
taten=did|getan=done|schaffen=manage|schafft=manages|schaffte=managed|schafften=managed|geschafft=managed
geschaffen=created|hängen=hang|hängt=hangs|hing=hung|liegen=are|liegt=is|lag=was|lagen=were|gelegen=located
gewohnt=usual|besorgt=worried|belegt=occupied|leistet=provides|geleistet=made|leistungen=services|meint=thinks
meinte=said|gemeint=meant|einigen=some|geeinigt=agreed|einigung=agreement|fehlte=was missing|fehlten=were missing
gefehlt=been missing|mahnen=chase payment|gemahnt=chased payment|gründen=reasons|vorausgesetzt=provided
stimmt=is right|stimmen=are right|haften=be liable|haftet=is liable|verteuert=more expensive|einstellung=hiring
eingegangen=received|gebrauchte=used|gebrauchten=used|desto=the|umso=all the|erfahrene=experienced
erfahrenen=experienced|genannt=named|reicht=is enough|kostet=costs|kostete=cost|gekostet=cost|ergibt=results in
läuft=is going|gelungen=successful|ausgebucht=fully booked|keinen=no|keiner=none|keinem=no|bist=are|sei=be
wäre=would be|wären=would be|gewesen=been|hast=have|hätte=would have|hätten=would have|werden=will|werde=will
geworden=become|soll=should|muss=must|müsste=would have to|müssten=would have to|mag=like|mögen=like
möchten=would like|dürfte=might|dürften=might|durfte=was allowed to|könnte=could|kannst=can|lassen=let|lässt=lets
ließ=let|ließen=let|gelassen=left|unserer=our|du=you|dich=you|dir=you|ihm=him|ihn=him|ihnen=them|seine=its|seinen=its
seiner=its|seinem=its|seines=its|ihrem=their|ihres=their|jemanden=someone|niemand=nobody|alles=everything|allem=all
allen=all|aller=all|beides=both|solche=such|jeden=every|jedem=every|jedes=every|manche=some|vielen=many|meisten=most
einzelne=individual|zahlreiche=numerous|selbst=self|neben=besides|bis=until|gegenüber=compared to|laut=according to
bezüglich=regarding|aufgrund=due to|dank=thanks to|zuzüglich=plus|pro=per|außer=except|beim=at the|statt=instead of
anstatt=instead of|sodass=so that|falls=in case|sobald=as soon as|solange=as long as|bevor=before|nachdem=after
seitdem=since|indem=by|soweit=as far as|sofern=provided that|wobei=whereby|wodurch=whereby|bzw=or|sowie=as well as
zudem=moreover|zusätzlich=additionally|zusätzliche=additional|zusätzlichen=additional|usw=etc|ggf=if necessary
gegebenenfalls=if necessary|evtl=possibly|inkl=incl.|zzgl=plus|mio=million|mrd=billion|milliarden=billion|mwst=VAT
wieso=why|wieviel=how much|inwieweit=to what extent|worauf=on what|worüber=about what|inzwischen=by now
mittlerweile=by now|gerade=just|eben=just|immer=always|wieder=again|nochmal=again|einmal=once|zweimal=twice
mehrmals=several times|sofort=immediately|gleich=same|danach=afterwards|zunächst=initially|anschließend=then
schließlich=finally|letztlich=ultimately|irgendwann=at some point|damals=back then|demnächst=shortly
zukünftig=in future|künftig=in future|rechtzeitig=in time|weiterhin=still|ständig=constantly|jährlich=annually
jeweils=each|jeweilige=respective|jeweiligen=respective|rechts=right|daher=therefore|deshalb=therefore
deswegen=that's why|darum=therefore|dadurch=as a result|dennoch=nevertheless|allerdings=however|zwar=admittedly
nämlich=namely|sowieso=anyway|immerhin=at least|zumindest=at least|wenigstens=at least|stattdessen=instead
sonst=otherwise|ansonsten=otherwise|kaum=hardly|knapp=tight|genau=exactly|recht=quite|relativ=relatively|ganz=quite
total=totally|überhaupt=at all|besonders=especially|hauptsächlich=mainly|überwiegend=mostly|weitgehend=largely
gleichzeitig=simultaneously|dabei=in doing so|dazu=in addition|dafür=for it|darauf=on it|darüber=about it|davon=of it
ja=yes|nein=no|doch=but|nun=now|bitte=please|danke=thanks|gern=gladly|gerne=gladly|leider=unfortunately
hoffentlich=hopefully|natürlich=of course|selbstverständlich=of course|sicherlich=certainly|bestimmt=certainly
tatsächlich=actually|offenbar=apparently|vermutlich=presumably|eventuell=possibly|möglicherweise=possibly
grundsätzlich=basically|generell=generally|normalerweise=usually|insbesondere=in particular|mindestens=at least
gestern=yesterday|morgen=tomorrow|ehrenamtlich=voluntary|zeitnah=promptly|umgehend=immediately|sauber=clean
ordentlich=properly|richtig=correct|frau=woman|frauen=women|freund=friend|freunde=friends|leute=people|menschen=people
mensch=person|personen=people|kollege=colleague|kollegin=colleague|chef=boss|jugendliche=young people
jugendlichen=young people|haushalt=household|haus=house|wohnung=flat|wohnungen=flats|dach=roof|wand=wall|boden=floor
fenster=windows|rahmen=frame|verglasung=glazing|glas=glass|scheibe=pane|scheiben=panes|möbel=furniture|tische=tables
betten=beds|heizung=heating|wasser=water|schlüssel=key|adresse=address|straße=street|straßen=streets|platz=space
ort=place|stadt=city|gemeinde=municipality|innenstadt=town centre|gegend=area|gebiet=area|kreis=district
kunststoff=plastic|stahl=steel|beton=concrete|farbe=paint|geräte=devices|gerät=device|handy=mobile phone|auto=car
parkplatz=car park|dachdecker=roofer|tischler=joiner|schreiner=joiner|elektriker=electrician|maler=painter
klempner=plumber|installateur=plumber|sanitär=plumbing|heizungsbauer=heating engineer|bäcker=baker|bäckerei=bakery
metzger=butcher|metzgerei=butcher's shop|friseur=hairdresser|gärtnerei=garden centre|werkstatt=workshop
zimmermann=carpenter|maurer=bricklayer|fliesenleger=tiler|glaser=glazier|glaserei=glazier's|handwerker=tradespeople
handwerk=trade|handwerksbetrieb=trade business|notar=notary|notare=notaries|notaren=notaries|notariat=notary's office
anwalt=lawyer|anwälte=lawyers|rechtsanwalt=lawyer|kanzlei=law firm|steuerberater=tax adviser|buchhalter=bookkeeper
buchhaltung=bookkeeping|apotheke=pharmacy|zahnarzt=dentist|architekt=architect|ingenieur=engineer|gutachter=assessor
makler=estate agent|immobilien=property|immobilie=property|grundstück=plot|hallen=halls|verein=club|vereine=clubs
vereins=club|mitgliederversammlung=general meeting|versammlung=meeting|kassenwart=treasurer|kassenwartin=treasurer|schatzmeister=treasurer|schatzmeisterin=treasurer
vorsitzende=chair|vorsitzender=chairman|verband=association|verbände=associations|verbandsmaterial=dressings
verbandswechsel=dressing change|kirche=church|kita=daycare|universität=university|kurs=course|kurse=courses
krankenschwester=nurse|pfleger=carer|altenheim=care home|rezept=prescription|medikamente=medication
behandlung=treatment|versorgung=care|angehörige=relatives|angehörigen=relatives|essen=food|lebensmittel=food
brot=bread|brötchen=rolls|kuchen=cake|kaffee=coffee|bier=beer|wein=wine|getränke=drinks|getränk=drink
zutaten=ingredients|frühstück=breakfast|mittagessen=lunch|gerichte=dishes|imbiss=snack bar|kneipe=pub
gaststätte=restaurant|gastronomie=hospitality|übernachtungen=overnight stays|lieferdienst=delivery service
wetter=weather|regen=rain|schnee=snow|kälte=cold|hitze=heat|zeitpunkt=point in time|minuten=minutes|montag=Monday
dienstag=Tuesday|mittwoch=Wednesday|donnerstag=Thursday|freitag=Friday|samstag=Saturday|sonntag=Sunday|frühjahr=spring
herbst=autumn|feiertage=public holidays|ferien=holidays|weihnachten=Christmas|ostern=Easter|zukunft=future
vergangenheit=past|anfang=beginning|ende=end|mitte=middle|beginn=start|dauer=duration|zeitraum=period
stichtag=deadline|uhr=o'clock|datum=date|halbjahr=half-year|vorjahr=previous year|geschäftsjahr=financial year
jahres=year's|zeiten=times|österreich=Austria|schweiz=Switzerland|frankreich=France|italien=Italy|spanien=Spain
niederlande=the Netherlands|belgien=Belgium|polen=Poland|großbritannien=Great Britain|amerika=America|deutsch=German
deutsche=German|deutschen=German|deutscher=German|europäische=European|europäischen=European|ausländische=foreign
ausländischen=foreign|mitarbeiterin=employee|mitarbeitern=employees|mitarbeitende=employees|mitarbeitenden=employees
kundschaft=customers|stammkunden=regular customers|neukunden=new customers|auftraggeber=client
dienstleister=service provider|dienstleistung=service|angebot=offer|stundensatz=hourly rate|stundenlohn=hourly wage
honorar=fee|gebühr=fee|gebühren=fees|provision=commission|anzahlung=deposit|vorkasse=payment in advance
raten=instalments|mahnung=payment reminder|mahnungen=payment reminders|inkasso=debt collection
skonto=early payment discount|netto=net|brutto=gross|umsatzsteuer=VAT|finanzamt=tax office|steuererklärung=tax return
bilanz=balance sheet|beleg=receipt|belege=receipts|quittung=receipt|kartenzahlung=card payment|bargeld=cash
überweisung=bank transfer|überweisungen=bank transfers|dispo=overdraft|sicherheiten=collateral|rücklagen=reserves
reserven=reserves|puffer=buffer|vermögen=assets|wert=value|werte=values|betrag=amount|beträge=amounts|summe=sum
anteil=share|vorrat=stock|bestand=stock|inventur=stocktaking|waren=were|artikel=item|produkt=product|produkte=products
lieferung=delivery|retouren=returns|garantie=guarantee|gewährleistung=warranty|ersatzteile=spare parts
homepage=website|messe=trade fair|kundenstamm=customer base|zielgruppe=target group|nische=niche
empfehlungen=recommendations|mundpropaganda=word of mouth|stammgäste=regulars|laufkundschaft=passing trade
öffnungszeiten=opening hours|hochsaison=peak season|nebensaison=off-season|auslastung=utilisation|kapazitäten=capacity
engpässe=bottlenecks|arbeitszeit=working time|arbeitszeiten=working hours|arbeitsplatz=job|arbeitsplätze=jobs
stelle=position|stellen=positions|beruf=profession|ausbildung=apprenticeship|azubi=apprentice|azubis=apprentices
auszubildende=apprentices|praktikant=intern|praktikum=internship|minijob=mini-job|aushilfe=temp|aushilfen=temps
saisonkräfte=seasonal workers|fachkraft=skilled worker|meister=master craftsman|leiter=head|teamleiter=team leader
vorgesetzte=supervisor|nachwuchs=new talent|quereinsteiger=career changers|lohnabrechnung=payroll
mindestlohn=minimum wage|prämie=bonus|krankmeldung=sick note|ausfälle=absences|homeoffice=working from home
stimmung=mood|betriebsklima=working atmosphere|konflikt=conflict|konflikte=conflicts|streit=dispute
zuständigkeit=responsibility|zuständigkeiten=responsibilities|verantwortung=responsibility|zuständig=responsible
verantwortlich=responsible|abläufe=processes|ablauf=process|prozess=process|prozesse=processes|struktur=structure
kommunikation=communication|absprache=agreement|regel=rule|regeln=rules|regelung=arrangement|richtlinien=guidelines
übergabe=handover|dokumentation=documentation|unterlagen=documents|dokumente=documents|papierkram=paperwork
bürokratie=bureaucracy|aufwand=effort|mehraufwand=extra work|ertrag=yield|einnahmen=income|ausgabe=expense
fixkosten=fixed costs|nebenkosten=additional costs|gemeinkosten=overheads|kalkulation=costing|preisgestaltung=pricing
aufschlag=mark-up|zuschlag=surcharge|sonderangebot=special offer|aktion=promotion|gutschein=voucher|trinkgeld=tip
einbruch=slump|flaute=slack period|krise=crisis|pandemie=pandemic|corona=COVID|konjunktur=economy|rezession=recession
aufschwung=upturn|zinssatz=interest rate|lieferkette=supply chain|lieferengpass=supply shortage|zulieferer=supplier
hersteller=manufacturer|großhandel=wholesale|einzelhandel=retail|händler=dealer|handel=trade|vertrieb=sales
akquise=customer acquisition|laufzeit=term|kündigungsfrist=notice period|konditionen=terms|bedingungen=conditions
agb=terms and conditions|haftung=liability|rechte=rights|datenschutz=data protection|dsgvo=GDPR|prüfung=inspection
versicherung=insurance|schaden=damage|diebstahl=theft|reparatur=repair|sanierung=refurbishment|neubau=new build
erweiterung=extension|digitalisierung=digitisation|ki=AI|technik=technology|idee=idea|ideen=ideas|konzept=concept
vorschlag=suggestion|vorschläge=suggestions|optionen=options|möglichkeit=possibility|möglichkeiten=options
alternativen=alternatives|variante=option|szenario=scenario|annahme=assumption|schritt=step|schritte=steps
priorität=priority|zeitplan=schedule|umsetzung=implementation|einführung=introduction|überblick=overview
kennzahlen=key figures|auswertung=evaluation|tabelle=spreadsheet|liste=list|entwicklung=development|schätzung=estimate
einschätzung=assessment|meinung=opinion|gefühl=feeling|erfahrung=experience|erfahrungen=experience|fähigkeiten=skills
gesellschaft=society|politik=politics|regierung=government|staat=state|amt=office|agentur=agency
krankenkasse=health insurer|auftragslage=order situation|lage=situation|fälle=cases|fällen=cases|beispiel=example
bereich=area|bereiche=areas|thema=topic|themen=topics|punkt=point|teil=part|seite=side|richtung=direction|niveau=level
höhe=level|größe=size|umfang=scope|sinn=sense|bedarf=need|interesse=interest|unterschied=difference
zusammenhang=connection|einfluss=influence|auswirkung=impact|auswirkungen=impact|folge=consequence|folgen=consequences
hilfe=help|unterstützung=support|tipp=tip|hinweis=note|informationen=information|infos=information|sorge=worry
sorgen=worries|angst=fear|druck=pressure|spielraum=leeway|leben=life|anders=differently|bereit=ready|nahe=near
saubere=clean|sauberen=clean|neue=new|neuen=new|älter=older|ältere=older|älteren=older|ältesten=oldest|alte=old
alten=old|altes=old|guter=good|gutes=good|schlechtesten=worst|schlechten=bad|schlechtes=bad|größere=larger
größeren=larger|größten=largest|großer=large|großes=large|kleinere=smaller|kleineren=smaller|kleinste=smallest
kleinsten=smallest|kleines=small|niedrigere=lower|niedrigeren=lower|niedrigsten=lowest|niedrigen=low|längere=longer
längeren=longer|längste=longest|langen=long|langer=long|langes=long|kürzere=shorter|kürzeren=shorter|kurzen=short
kurzer=short|kurzes=short|kurzfristig=short-term|kurzfristige=short-term|kurzfristigen=short-term
langfristig=long-term|langfristige=long-term|langfristigen=long-term|schnellere=faster|schnelleren=faster
schnelle=fast|schnellen=fast|teurere=more expensive|teureren=more expensive|teure=expensive|teuren=expensive
günstigere=cheaper|günstigeren=cheaper|günstigsten=cheapest|günstige=cheap|günstigen=cheap|wichtiger=more important
wichtigen=important|wichtiges=important|richtige=right|richtigen=right|falsch=wrong|falsche=wrong|falschen=wrong
ähnlich=similar|ähnliche=similar|ähnlichen=similar|eigen=own|eigene=own|eigenen=own|eigener=own|eigenes=own
ganze=whole|ganzen=whole|ganzer=whole|ganzes=whole|gesamt=total|gesamte=total|gesamten=total|sicher=sure
sichere=secure|sicheren=secure|klare=clear|klaren=clear|einfacher=easier|einfache=simple|einfachen=simple
schwieriger=more difficult|schwierige=difficult|schwierigen=difficult|schwere=hard|schweren=hard|leicht=slightly
leichter=easier|leichte=slight|leichten=slight|möglichst=preferably|mögliche=possible|möglichen=possible
notwendig=necessary|notwendige=necessary|notwendigen=necessary|erforderlich=required|erforderliche=required
erforderlichen=required|sinnvolle=sensible|sinnvollen=sensible|volle=full|vollen=full|frei=free|freie=free|freien=free
verfügbar=available|verfügbare=available|verfügbaren=available|fertig=finished|fertige=finished|fertigen=finished
überlastet=overloaded|überlastete=overloaded|überlasteten=overloaded|zuverlässig=reliable|zuverlässige=reliable
zuverlässigen=reliable|erfahren=experienced|qualifiziert=qualified|qualifizierte=qualified|qualifizierten=qualified
rentabel=profitable|rentable=profitable|rentablen=profitable|wirtschaftlich=economic|wirtschaftliche=economic
wirtschaftlichen=economic|finanziell=financial|finanzielle=financial|finanziellen=financial|steuerlich=tax
steuerliche=tax|steuerlichen=tax|technisch=technical|technische=technical|technischen=technical|persönlich=personal
persönliche=personal|persönlichen=personal|privat=private|privaten=private|gewerblich=commercial
gewerbliche=commercial|gewerblichen=commercial|weiter=further|weitere=further|weiteren=further|weiterer=further
weiteres=further|weit=far|weite=far|weiten=far|weites=far|dauerhaft=permanent|dauerhafte=permanent
dauerhaften=permanent|befristet=fixed-term|befristete=fixed-term|befristeten=fixed-term|unbefristet=permanent
unbefristete=permanent|unbefristeten=permanent|regelmäßig=regular|regelmäßige=regular|regelmäßigen=regular
üblich=usual|übliche=usual|üblichen=usual|besondere=special|besonderen=special|konkret=specific|konkrete=specific
konkreten=specific|genaue=exact|genauen=exact|deutliche=clear|deutlichen=clear|stärker=stronger|stärkere=stronger
stärkeren=stronger|starke=strong|starken=strong|starker=strong|starkes=strong|schwächer=weaker|schwächere=weaker
schwach=weak|schwache=weak|schwachen=weak|knappe=tight|knappen=tight|aktuelle=current|aktuellen=current
frühere=earlier|früheren=earlier|zukünftige=future|zukünftigen=future|kommend=coming|kommende=coming|kommenden=coming
vergangen=past|vergangene=past|vergangenen=past|folgend=following|folgende=following|folgenden=following
bestimmte=certain|bestimmten=certain|attraktiver=more attractive|attraktiv=attractive|attraktive=attractive
attraktiven=attractive|bekannt=known|bekannte=known|bekannten=known|selbstständig=self-employed
selbstständige=self-employed|selbstständigen=self-employed|stabil=stable|stabile=stable|stabilen=stable
steigend=rising|steigende=rising|steigenden=rising|sinkend=falling|sinkende=falling|sinkenden=falling|wachsend=growing
wachsende=growing|wachsenden=growing|zunehmend=increasing|zunehmende=increasing|zunehmenden=increasing|geringer=lower
geringere=lower|geringeren=lower|gering=low|geringe=low|geringen=low|dringend=urgent|dringende=urgent
dringenden=urgent|fällig=due|fällige=due|fälligen=due|ausstehend=outstanding|ausstehende=outstanding
ausstehenden=outstanding|zuständige=responsible|zuständigen=responsible|verantwortliche=responsible
verantwortlichen=responsible|zufriedene=satisfied|zufriedenen=satisfied|unzufriedene=dissatisfied
unzufriedenen=dissatisfied|negativ=negative|negativen=negative|positiv=positive|positiven=positive
ehrenamtlichen=voluntary|monatliche=monthly|monatlichen=monthly|tägliche=daily|täglichen=daily|jährliche=annual
jährlichen=annual|erreichbare=reachable|erreichbaren=reachable|digitale=digital|digitalen=digital|lokale=local
lokalen=local|regionale=regional|regionalen=regional|internationale=international|internationalen=international
öffentlich=public|hoher=high|hohes=high|hohem=high|höhere=higher|höheren=higher|höchste=highest|höchsten=highest
gleicher=same|gleiches=same|anderer=other|anderes=other|letzter=last|letztes=last|nächster=next|nächstes=next
machte=made|machten=made|sagte=said|sagten=said|fragte=asked|gezahlt=paid|zahlte=paid|zahlten=paid|bezahlen=pay
bezahle=pay|bezahlte=paid|kaufte=bought|kauften=bought|verkaufen=sell|verkaufe=sell|verkaufte=sold|verkauften=sold
gebraucht=needed|brauchen=need|brauche=need|brauchte=needed|gelebt=lived|lebt=lives|lebte=lived|hören=hear|hört=hears
höre=hear|geglaubt=believed|glaubt=believes|glaubte=believed|gehofft=hoped|hofft=hopes|hoffte=hoped|gestellt=put
stellt=puts|stellte=put|stellten=put|hergestellt=manufactured|herstellen=manufacture|festgestellt=found
feststellen=find|vorgestellt=presented|vorstellen=present|aufgestellt=set up|aufstellen=set up|erstellt=created
erstellen=create|sichergestellt=ensured|sicherstellen=ensure|bereitgestellt=provided|bereitstellen=provide
umgestellt=switched|bestelle=order|bestellte=ordered|gesetzt=put|setzen=put|setzt=puts|setzte=put|setzten=put
angesetzt=set|ansetzen=set|eingesetzt=deployed|einsetzen=deploy|umgesetzt=implemented|umsetzen=implement
ersetzt=replaced|ersetzen=replace|gelegt=put|legen=put|legt=puts|legte=put|legten=put|festgelegt=set|festlegen=set
zugelegt=grown|zulegen=grow|umgelegt=passed on|umlegen=pass on|überlegt=considered|überlegen=consider
überlege=consider|eingerichtet=set up|einrichten=set up|berichtet=reported|berichtete=reported|gestapelt=piled up
stapeln=pile up|stapelt=piles up|gelagert=stored|lagern=keep in stock|lagert=stores|liefere=deliver|lieferte=delivered
lieferten=delivered|geprüft=checked|prüfen=check|prüft=checks|überprüft=reviewed|überprüfen=review|plante=planned
gerechnet=calculated|rechne=calculate|rechnete=calculated|abgerechnet=invoiced|kalkuliert=calculated
kalkulieren=calculate|gelohnt=paid off|lohnen=pay off|lohnt=pays off|leisten=afford|suche=look for|suchte=looked for
suchten=looked for|versuchte=tried|versuchten=tried|besucht=visited|erklärt=explained|erklären=explain
geklärt=clarified|klären=clarify|klärt=clarifies|gezeigt=shown|zeigte=showed|zeigten=showed|geführt=led|führte=led
führten=led|einführen=introduce|ausgeführt=carried out|ausführen=carry out|gewählt=chosen|wählt=chooses|wählte=chose
gemeldet=reported|melden=report|meldet=reports|angemeldet=registered|anmelden=register|krankgemeldet=called in sick
krankmelden=call in sick|geschickt=sent|schicken=send|schickt=sends|abgeholt=collected|abholen=collect
eingeholt=obtained|einholen=obtain|gekümmert=looked after|kümmern=look after|kümmert=looks after|gesorgt=ensured
sorgt=ensures|versorgt=supplied|versorgen=supply|baute=built|repariert=repaired|reparieren=repair|montiert=fitted
montieren=fit|eingebaut=installed|einbauen=install|ausgebaut=expanded|ausbauen=expand|gewechselt=changed
wechseln=change|wechselt=changes|wechselte=changed|gepasst=fitted|passen=fit|passt=fits|passte=fitted
angepasst=adjusted|anpassen=adjust|gebucht=booked|bucht=books|storniert=cancelled|stornieren=cancel|abgesagt=cancelled
absagen=cancel|wartete=waited|warteten=waited|ausgebildet=trained|ausbilden=train|genutzt=used|verwendet=used
gehören=belong|gehörte=belonged|aufgehört=stopped|zugestimmt=agreed|zustimmen=agree|abgestimmt=coordinated
abstimmen=coordinate|bestimmen=determine|vermutet=suspected|vermuten=suspect|vermute=suspect|gemerkt=noticed
merken=notice|merkt=notices|gewünscht=wished|wünschen=wish|wünscht=wishes|wünsche=wish|gefordert=demanded
fordern=demand|fordert=demands|gefördert=supported|fördern=support|fördert=supports|änderte=changed|änderten=changed
gehandelt=acted|handeln=act|handelt=acts|behandelt=treated|behandeln=treat|verhandelt=negotiated|geregelt=sorted out
regelt=sorts out|geklappt=worked|klappen=work|klappt=works|funktionieren=work|gescheitert=failed|scheitern=fail
scheitert=fails|gewirkt=worked|wirken=work|wirkt=works|erhöhen=raise|erhöhte=raised|erhöhten=raised|senken=lower
senkte=lowered|senkten=lowered|gesteigert=increased|steigern=increase|steigert=increases|steigerte=increased
verringert=reduced|verringern=reduce|erweitert=extended|erweitern=extend|verbesserte=improved|verbesserten=improved
optimiert=optimised|optimieren=optimise|entwickelt=developed|entwickeln=develop|entwickelte=developed
ermöglicht=enabled|ermöglichen=enable|unterstützt=supported|unterstützen=support|gegründet=founded|gründet=founds
eröffnet=opened|öffnet=opens|gemietet=rented|vermietet=let|vermieten=let|finanziert=financed|finanzieren=finance
gespart=saved|spart=saves|geschätzt=estimated|schätzen=estimate|schätzt=estimates|schätze=estimate
eingeschätzt=assessed|einschätzen=assess|bewertet=rated|bewerten=rate|getestet=tested|testen=test|testet=tests
ausprobiert=tried out|ausprobieren=try out|erreichte=reached|erfüllt=fulfilled|erfüllen=fulfil|verzögert=delayed
verzögern=delay|verkürzt=shortened|verkürzen=shorten|verlängert=extended|gedauert=taken|dauerte=took|kündigte=quit
informiert=informed|informieren=inform|kommuniziert=communicated|kommunizieren=communicate|diskutiert=discussed
diskutieren=discuss|vereinbart=agreed|vereinbaren=agree|kontrolliert=checked|kontrollieren=check|organisiert=organised
organisieren=organise|delegiert=delegated|delegieren=delegate|verteilt=distributed|aufgeschlüsselt=broken down
aufschlüsseln=break down|ausgewertet=evaluated|auswerten=evaluate|erfasst=recorded|erfassen=record
dokumentiert=documented|dokumentieren=document|berücksichtigt=taken into account|berücksichtigen=take into account
akzeptiert=accepted|akzeptieren=accept|bestätigt=confirmed|bestätigen=confirm|gedroht=threatened|drohen=threaten
droht=threatens|gesichert=secured|sichern=secure|sichert=secures|vorbereitet=prepared|vorbereiten=prepare
erledigt=dealt with|erledigen=deal with|bearbeitet=processed|bearbeiten=process|eingearbeitet=trained
einarbeiten=train|angeschafft=bought|anschaffen=buy|entlastet=relieved|entlasten=relieve|belastet=burdened
belasten=burden|betreut=looked after|betreuen=look after|überzeugt=convinced|überzeugen=convince|verändert=changed
verändern=change|verursacht=caused|verursachen=cause|verzichtet=done without|verzichten=do without|verfügen=have
zurückgezahlt=paid back|zurückzahlen=pay back|abgearbeitet=worked through|abarbeiten=work through
angekündigt=announced|ankündigen=announce|reklamiert=complained|reklamieren=complain|erstattet=refunded
erstatten=refund|bedeuten=mean|reagiert=responded|reagieren=respond|eingeplant=allowed for|einplanen=allow for
erwirtschaftet=generated|erwirtschaften=generate|saniert=refurbished|sanieren=refurbish|renoviert=renovated
renovieren=renovate|produziert=produced|produzieren=produce|beliefert=supplied|beliefern=supply|expandiert=expanded
expandieren=expand|abgewandert=drifted away|abwandern=drift away|profitiert=benefited|profitieren=benefit
angefragt=enquired|nachgefragt=asked|nachfragen=ask|gereicht=been enough|reichen=be enough|reichte=was enough
erwarte=expect|verlangt=demanded|verwaltet=managed|geteilt=shared|teilt=shares|mitgeteilt=informed|aufgeteilt=split
geleitet=led|gefolgt=followed|folgt=follows|folgte=followed|erfolgen=take place|gekämpft=struggled|kämpfen=struggle
kämpft=struggles|stecken=be stuck|steckt=is stuck|zusammengearbeitet=worked together|zusammenarbeiten=work together
löst=solves|gehen=go|ausgegangen=run out|ausgehen=run out|eingehen=come in|zurückgehen=decline|umgegangen=dealt with
umgehen=deal with|vorgegangen=proceeded|vorgehen=proceed|gestanden=stood|stehen=stand|steht=stands|standen=stood
bestehen=exist|besteht=exists|entstanden=arisen|entstehen=arise|entsteht=arises|entstand=arose|verstanden=understood
versteht=understands|verstehe=understand|verstand=understood|ausstehen=be outstanding|fand=found|fanden=found
herausgefunden=found out|herausfinden=find out|befinden=be located|befindet=is located|zurückgefahren=scaled back
zurückfahren=scale back|gehalten=kept|hielt=kept|hielten=kept|behält=keeps|behalte=keep|eingehalten=met
erhielt=received|zugelassen=allowed|zulassen=allow|nachgelassen=declined|nachlassen=decline|verließ=left
entlässt=lays off|entließ=laid off|gelaufen=run|laufen=run|lief=ran|liefen=ran|abgelaufen=expired|ablaufen=expire
ausgelaufen=expired|auslaufen=expire|verlaufen=gone|verläuft=goes|beigetragen=contributed|beitragen=contribute
beträgt=amounts to|betrug=amounted to|vorgeschlagen=suggested|vorschlagen=suggest|treffen=meet|trifft=meets|traf=met
betreffen=concern|betrifft=concerns|betraf=concerned|zugetroffen=applied|zutreffen=apply|gesprochen=spoken
sprechen=speak|spricht=speaks|sprach=spoke|sprachen=spoke|besprochen=discussed|besprechen=discuss|bespricht=discusses
angesprochen=addressed|ansprechen=address|entsprochen=corresponded to|entsprechen=correspond to
entspricht=corresponds to|geschrieben=written|schreiben=write|schreibt=writes|schrieb=wrote|schrieben=wrote
beschrieben=described|beschreiben=describe|beschreibt=describes|abgeschrieben=written off|abschreiben=write off
ausgeschrieben=tendered|ausschreiben=tender|vorgeschrieben=required|vorschreiben=require|unterschreibt=signs
gebracht=brought|bringen=bring|bringt=brings|brachte=brought|brachten=brought|mitgebracht=brought along
mitbringen=bring along|verbracht=spent|verbringen=spend|verbringt=spends|eingebracht=brought in|einbringen=bring in
erbracht=provided|erbringen=provide|erbringt=provides|gedacht=thought|denkt=thinks|dachte=thought|dachten=thought
nachgedacht=thought about|nachdenken=think about|überdacht=rethought|überdenken=rethink|überdenkt=rethinks
gekannt=known|kennen=know|kennt=knows|kannte=knew|erkannt=recognised|erkennen=recognise|erkennt=recognises|nennen=name
nennt=names|gebeten=asked|bitten=ask|bittet=asks|gesessen=sat|sitzen=sit|sitzt=sits|saß=sat|gezogen=pulled|ziehen=pull
zieht=pulls|zog=pulled|zogen=pulled|angezogen=attracted|anziehen=attract|abgezogen=deducted|abziehen=deduct
bezogen=obtained|beziehen=obtain|bezieht=obtains|zurückgezogen=withdrawn|zurückziehen=withdraw|umgezogen=moved
verschieben=postpone|verschiebt=postpones|geboten=offered|biete=offer|boten=offered|angeboten=offered|gelesen=read
lesen=read|liest=reads|las=read|vergessen=forgotten|vergisst=forgets|gemessen=measured|misst=measures
aufgetreten=occurred|auftreten=occur|vertreten=represented|vertritt=represents|ausgefallen=been cancelled
ausfallen=be cancelled|aufgefallen=stood out|auffallen=stand out|weggefallen=ceased|wegfallen=cease
angefallen=been incurred|anfallen=be incurred|entfallen=been dropped|entfällt=is dropped|angerufen=called
zurückgerufen=called back|zurückrufen=call back|abgeschnitten=performed|abschneiden=perform
zurückgegriffen=fallen back on|zurückgreifen=fall back on|hingewiesen=pointed out|hinweisen=point out
nachgewiesen=proved|nachweisen=prove|überwiesen=transferred|überweisen=transfer|überweist=transfers
erschienen=appeared|erscheinen=appear|erscheint=appears|geschienen=seemed|scheinen=seem|schien=seemed
eingestiegen=got in|einsteigen=get in|ausgestiegen=pulled out|aussteigen=pull out|umgestiegen=switched
umsteigen=switch|angestiegen=risen|ansteigen=rise|gegolten=applied|gelten=apply|gilt=applies|galt=applied
angehoben=raised|anheben=raise|ausgeschlossen=ruled out|ausschließen=rule out|angeschlossen=connected
anschließen=connect|beschließt=decides|beschloss=decided|schloss=closed|verbunden=connected|verbinden=connect
verbindet=connects|eingesprungen=stepped in|einspringen=step in|abgesprungen=dropped out|abspringen=drop out
gelingen=succeed|gelingt=succeeds|berät=advises|entscheidet=decides|entschied=decided|ausgeschieden=left
ausscheiden=leave|gestrichen=cut|streichen=cut|streicht=cuts|betrieben=operated|betreiben=operate|betreibt=operates
erworben=acquired|erwerben=acquire|erwirbt=acquires|geworben=advertised|werben=advertise|wirbt=advertises
abgebrochen=aborted|abbrechen=abort|eingebrochen=slumped|einbrechen=slump|weggebrochen=fallen away
wegbrechen=fall away|empfohlen=recommended|empfiehlt=recommends|empfehle=recommend|gesehen=seen|sah=saw|sahen=saw
angesehen=looked at|ansehen=look at|ausgesehen=looked|aussehen=look|vorgesehen=planned|vorsehen=plan
angekommen=arrived|ankommen=arrive|zurückgekommen=come back|zurückkommen=come back|ausgekommen=got by|auskommen=get by
hinzugekommen=been added|hinzukommen=be added|klargekommen=coped|klarkommen=cope|bekomme=get|nahm=took|nahmen=took
aufgenommen=taken on|aufnehmen=take on|angenommen=accepted|annehmen=accept|vorgenommen=carried out|vornehmen=carry out
wahrgenommen=perceived|wahrnehmen=perceive|übernommen=taken over|übernimmt=takes over|teilgenommen=taken part
zugenommen=increased|abgenommen=decreased|unternommen=undertaken|unternimmt=undertakes|gegeben=given|gaben=gave
angegeben=stated|angeben=state|abgegeben=handed over|abgeben=hand over|zugegeben=admitted|zugeben=admit
weitergegeben=passed on|weitergeben=pass on|freigegeben=approved|freigeben=approve|zurückgegeben=returned
zurückgeben=return|ergeben=resulted in|aufgegeben=given up|vergibt=awards|angefangen=started|fangen=start|fängt=starts
geholfen=helped|gewinnen=win|gewann=won|begann=began|verlieren=lose|fielen=fell|vermieden=avoided|vermeidet=avoids
beworben=applied|bewerben=apply|bewirbt=applies|zum beispiel=for example|auf jeden fall=definitely
so schnell wie möglich=as soon as possible|möglichst schnell=as quickly as possible|möglichst bald=as soon as possible
nach wie vor=still|im moment=at the moment|in zukunft=in future|zur zeit=currently|ab und zu=now and then
nach und nach=gradually|immer mehr=more and more|immer weniger=fewer and fewer|immer noch=still|noch nicht=not yet
noch einmal=once more|gar nicht=not at all|überhaupt nicht=not at all|nicht mehr=no longer|auf dauer=in the long run
im voraus=in advance|im laufe=in the course|in bezug auf=regarding|im vergleich zu=compared to|im gegensatz zu=unlike
es geht um=it is about|handelt sich um=is|lohnt sich=pays off|lohnt es sich=is it worth it|sich lohnen=be worth it
was tun=what to do|wie oft=how often|wie hoch=how high|wie schnell=how fast|wie gut=how well|am besten=best
am meisten=most|am ende=in the end|am anfang=at the beginning|unterm strich=on balance|in der nähe=nearby
vor ort=on site|zur verfügung=available|zur verfügung stellen=provide|in frage=in question|kommt in frage=is an option
in anspruch nehmen=use|in betracht ziehen=consider|um zu=in order to|so dass=so that|so viel=as much|so viele=so many
kommt darauf an=depends|es kommt darauf an=it depends|hängt davon ab=depends on it|hängt von=depends on
gehen davon aus=assume|gehe davon aus=assume|geht davon aus=assumes|sieht gut aus=looks good|fällt aus=is cancelled
fängt an=starts|fangen an=start|hört auf=stops|schlagen vor=suggest|schlägt vor=suggests|stellen fest=find
stellt fest=finds|legen fest=set|legt fest=sets|kümmert sich um=takes care of|kümmern sich um=take care of
sorgt für=ensures|sorgen für=ensure|beläuft sich auf=amounts to|bezieht sich auf=refers to|besteht aus=consists of
gilt als=is considered|steht fest=is certain|liegt an=is due to|liegt daran=is because|das heißt=that is
vor kurzem=recently|bis jetzt=so far|von anfang an=from the start|ab sofort=with immediate effect|zum teil=partly
zum glück=fortunately|im grunde=basically|im prinzip=in principle|in erster linie=primarily|nicht nur=not only
sondern auch=but also|mehr oder weniger=more or less|pro monat=per month|pro jahr=per year|im jahr=a year
im monat=a month|am tag=a day|unter druck=under pressure|auf lager=in stock|in rechnung stellen=invoice
zu hause=at home|nach hause=home|künstliche intelligenz=artificial intelligence|erneuerbare energien=renewable energy
steuerlich absetzen=deduct from tax|offene rechnungen=unpaid invoices|offenen rechnungen=unpaid invoices
rote zahlen=losses|schwarze zahlen=profit|läuft gut=is going well|im griff=under control
den überblick verlieren=lose track|über die runden kommen=make ends meet|was kostet=what does it cost
selbst wenn=even if|bringt mit sich=entails|in höhe von=amounting to|im rahmen=as part of|im bereich=in the area of
auf kosten=at the expense of|lässt nach=is declining|lassen nach=are declining|spielt eine rolle=matters
zugfahrt=train journey|zug=train|fahrt=journey|venedig=Venice|münchen=Munich|friseursalon=hair salon|stuhl=chair
stühle=chairs|dritter=third|dritte=third|dritten=third
`;

/** Dutch: 1928 entries. */
const NL = `
geleden=ago|regel=rule|herstel=recovery|verhuur=rental|bouw=construction|besluit=decision|bewijs=proof|bestaan=exist
voorkomen=prevent|beschikt=has|bevat=contains|omvat=includes|ontbraken=were missing|getroffen=affected|vermoed=suspect
lukt=works out|inhouden=involve|bepaald=determined|opgelegd=imposed|gestrest=stressed|geld=money|stuk=piece
stuks=pieces|maal=times|overige=other|overig=other|verdere=further|eerdere=earlier|genoemde=mentioned
bovenstaande=above|onderstaande=below|betreffende=relevant|desbetreffende=relevant|paar=couple|verscheidene=several
werkdag=working day|werkdagen=working days|werkweek=working week|dagdeel=half-day|dagdelen=half-days
energierekening=energy bill|zorgvrager=care recipient|zorgvragers=care recipients|indicatie=care assessment
verpleging=nursing|zorgmedewerker=care worker|zorgmedewerkers=care workers|dagbesteding=day care
bestuurslid=board member|bestuursleden=board members|jeugdleden=youth members|sponsoren=sponsors|toernooi=tournament
wedstrijd=match|wedstrijden=matches|competitie=league|evenement=event|evenementen=events|activiteit=activity
activiteiten=activities|bijeenkomst=meeting|bijeenkomsten=meetings|jaarvergadering=annual meeting
kascommissie=audit committee|bestellingen=orders|schap=shelf|schappen=shelves|etalage=shop window|passanten=passers-by
bediening=service|keukenpersoneel=kitchen staff|steiger=scaffolding|meerwerk=extra work|aanneemsom=contract price
materiaalkosten=material costs|ik=I|mij=me|mijn=my|je=you|jij=you|jou=you|jouw=your|uw=your|zich=itself
zichzelf=itself|elkaar=each other|iedereen=everyone|welke=which|welk=which|waarvan=of which|waarvoor=for what
waarmee=with what|waarop=on what|waarin=in which|waarover=about what|waardoor=whereby|waaraan=to what|daarvan=of that
daarvoor=for that|daarmee=with that|daarop=on that|daarin=in that|daarover=about that|daardoor=as a result
daarna=after that|daarbij=in doing so|daaraan=to that|daarnaast=in addition|hiervoor=for this|hiermee=with this
hierbij=hereby|hierin=in this|hierover=about this|hierdoor=because of this|ervan=of it|ervoor=for it|ermee=with it
erop=on it|erin=in it|erover=about it|erdoor=through it|eraan=to it|erbij=with it|eruit=out of it|zulke=such|zulk=such
zo'n=such a|indien=if|mits=provided that|zodra=as soon as|voordat=before|nadat=after|totdat=until|zolang=as long as
toch=still|noch=nor|zowel=both|ofwel=or|bij=at|naar=to|om=at|naast=besides|achter=behind|volgens=according to
zonder=without|behalve=except|langs=along|richting=towards|dankzij=thanks to|namens=on behalf of|inclusief=including
exclusief=excluding|tegenover=compared to|wegens=due to|omtrent=regarding|wel=indeed|hier=here|daar=there|nu=now
toen=then|straks=later|zojuist=just now|pas=only|weer=again|eens=once|ooit=ever|telkens=every time
voortaan=from now on|inmiddels=by now|intussen=meanwhile|ondertussen=meanwhile|tegenwoordig=nowadays
momenteel=currently|binnenkort=soon|spoedig=soon|vandaag=today|morgen=tomorrow|gisteren=yesterday|vanavond=tonight
laatst=recently|gewoon=just|nogal=rather|tamelijk=fairly|redelijk=reasonably|behoorlijk=considerably|minder=less
meest=most|meeste=most|minst=least|juist=precisely|precies=exactly|zowat=about|helemaal=completely|totaal=total
volledig=fully|geheel=entirely|deels=partly|gedeeltelijk=partly|grotendeels=largely|voornamelijk=mainly
hoofdzakelijk=mainly|bijvoorbeeld=for example|bijv=e.g.|enz=etc.|resp=respectively|evt=possibly|eventueel=possibly
wellicht=perhaps|vermoedelijk=presumably|zeker=certainly|natuurlijk=of course|uiteraard=of course|inderdaad=indeed
helaas=unfortunately|gelukkig=fortunately|hopelijk=hopefully|graag=gladly|alstublieft=please|alsjeblieft=please
bedankt=thanks|ja=yes|nee=no|nou=well|immers=after all|namelijk=namely|overigens=incidentally|trouwens=by the way
verder=further|tevens=also|eveneens=also|anders=otherwise|daarentegen=conversely|desondanks=nevertheless|alsnog=still
sowieso=anyway|tenminste=at least|minstens=at least|hooguit=at most|maximaal=at most|minimaal=at least|zelf=self
tegelijk=simultaneously|tegelijkertijd=simultaneously|meteen=immediately|onmiddellijk=immediately|vervolgens=then
tenslotte=finally|uiteindelijk=eventually|eindelijk=finally|plotseling=suddenly|opeens=suddenly|ineens=suddenly
geleidelijk=gradually|nergens=nowhere|ergens=somewhere|overal=everywhere|thuis=at home|weg=away|terug=back|mee=along
vandaan=from|ver=far|dichtbij=nearby|vlakbij=close by|zo=so|kunt=can|kun=can|zult=will|mocht=might|mochten=might
hoeft=needs to|hoeven=need to|hoefde=needed to|hoefden=needed to|hebt=have|wordt=is|laat=lets|laten=let|liet=let
lieten=let|ga=go|doe=do|doet=does|deed=did|deden=did|gedaan=done|kom=come|komt=comes|blijf=stay|staan=stand
staat=stands|sta=stand|stond=stood|stonden=stood|gestaan=stood|liggen=are|ligt=is|lag=was|lagen=were|gelegen=located
zitten=sit|zit=is|zat=was|zaten=were|gezeten=sat|vind=think|vond=found|vonden=found|vroeg=asked|vroegen=asked|zeg=say
maak=make|stel=suppose|ken=know|kent=knows|kende=knew|kenden=knew|gekend=known|geef=give|neem=take|zie=see|hou=keep
houd=keep|hield=kept|hielden=kept|gehouden=kept|gekost=cost|moeder=mother|vader=father|zoon=son|dochter=daughter
broer=brother|zus=sister|vrouw=woman|vrouwen=women|mannen=men|echtgenoot=husband|echtgenote=wife|vriend=friend
vrienden=friends|vriendin=friend|buren=neighbours|mensen=people|mens=person|persoon=person|personen=people
familie=family|jongeren=young people|ouderen=older people|senioren=senior citizens|volwassenen=adults|baas=boss
chef=boss|huis=house|huizen=houses|woning=home|woningen=homes|badkamer=bathroom|dak=roof|daken=roofs|muur=wall
muren=walls|vloer=floor|vloeren=floors|plafond=ceiling|raam=window|ramen=windows|kozijn=window frame
kozijnen=window frames|glas=glass|beglazing=glazing|ruit=pane|ruiten=panes|deuren=doors|tuin=garden|meubels=furniture
meubelen=furniture|meubel=piece of furniture|stoel=chair|stoelen=chairs|bedden=beds|kast=cupboard|verwarming=heating
licht=slightly|sleutel=key|sleutels=keys|adres=address|straat=street|plek=place|plekken=places|plaats=place
ruimte=space|ruimtes=spaces|centrum=centre|binnenstad=city centre|omgeving=area|gebied=area|gebieden=areas
wereld=world|milieu=environment|hout=wood|staal=steel|steen=stone|bakstenen=bricks|metaal=metal|kunststof=plastic
verf=paint|gereedschap=tools|apparaat=device|apparaten=devices|mobiel=mobile phone|auto=car|auto's=cars|trein=train
fiets=bicycle|parkeerplaats=car park|parkeerplaatsen=parking spaces|verkeer=traffic|reis=trip|rit=trip|ritten=trips
loodgieter=plumber|loodgieters=plumbers|elektricien=electrician|schilder=painter|schilders=painters
timmerman=carpenter|dakdekker=roofer|stukadoor=plasterer|tegelzetter=tiler|glaszetter=glazier|installateur=installer
monteur=fitter|monteurs=fitters|hovenier=landscape gardener|tuinman=gardener|bakker=baker|bakkerij=bakery
slager=butcher|slagerij=butcher's shop|kapper=hairdresser|kapsalon=hair salon|werkplaats=workshop|notaris=notary
notarissen=notaries|advocaat=lawyer|advocaten=lawyers|boekhouder=bookkeeper|boekhouding=bookkeeping
administratiekantoor=accounting firm|apotheek=pharmacy|tandarts=dentist|fysiotherapeut=physiotherapist
ingenieur=engineer|makelaar=estate agent|vastgoed=property|grond=land|hal=hall|hallen=halls|loods=shed
magazijn=warehouse|opslag=storage|bedrijfshal=industrial unit|sporthal=sports hall|vereniging=association
verenigingen=associations|clubhuis=clubhouse|kantine=canteen|ledenvergadering=members' meeting
penningmeester=treasurer|voorzitter=chair|secretaris=secretary|stichting=foundation|kerk=church|kinderopvang=childcare
kinderdagverblijf=day nursery|universiteit=university|hogeschool=college|verband=bandage|verbandmiddelen=dressings
verbandmateriaal=dressings|wondzorg=wound care|medicijnen=medicines|medicatie=medication|recept=prescription
behandeling=treatment|therapie=therapy|mantelzorg=informal care|mantelzorgers=informal carers|familieleden=relatives
naasten=loved ones|zorgverzekering=health insurance|eten=food|voedsel=food|levensmiddelen=groceries|brood=bread
broodjes=rolls|taart=cake|gebak=pastries|vlees=meat|kaas=cheese|melk=milk|groente=vegetables|groenten=vegetables
koffie=coffee|thee=tea|wijn=wine|drankjes=drinks|dranken=drinks|drank=drink|ingrediënten=ingredients|ontbijt=breakfast
diner=dinner|gerecht=dish|gerechten=dishes|maaltijd=meal|maaltijden=meals|horeca=hospitality|kroeg=pub
cafetaria=snack bar|terras=terrace|bezorgdienst=delivery service|regen=rain|sneeuw=snow|zon=sun|kou=cold|hitte=heat
temperatuur=temperature|klimaat=climate|ogenblik=moment|minuut=minute|minuten=minutes|kwartier=quarter hour
maandag=Monday|dinsdag=Tuesday|woensdag=Wednesday|donderdag=Thursday|vrijdag=Friday|zaterdag=Saturday|zondag=Sunday
voorjaar=spring|lente=spring|najaar=autumn|herfst=autumn|feestdag=public holiday|feestdagen=public holidays
kerst=Christmas|kerstmis=Christmas|pasen=Easter|toekomst=future|verleden=past|begin=beginning|midden=middle
periode=period|periodes=periods|tijdstip=time|datum=date|boekjaar=financial year|eeuw=century|decennium=decade
frankrijk=France|engeland=England|groot-brittannië=Great Britain|spanje=Spain|italië=Italy|polen=Poland
oostenrijk=Austria|zwitserland=Switzerland|luxemburg=Luxembourg|denemarken=Denmark|zweden=Sweden|amerika=America
turkije=Turkey|marokko=Morocco|vlaanderen=Flanders|wallonië=Wallonia|brussel=Brussels|nederlands=Dutch
nederlandse=Dutch|belgische=Belgian|duits=German|duitse=German|europese=European|buitenlandse=foreign|engels=English
engelse=English|frans=French|franse=French|werknemer=employee|medewerker=employee|personeelslid=staff member
personeelsleden=staff|baan=job|banen=jobs|functie=position|functies=positions|stage=internship|stagiair=intern
stagiairs=interns|oproepkracht=on-call worker|oproepkrachten=on-call workers|flexwerkers=flexible workers
invallers=stand-ins|invaller=stand-in|arbeidscontract=employment contract|arbeidsovereenkomst=employment contract
tijdelijk=temporary|tijdelijke=temporary|proeftijd=probation period|werkgever=employer|werkgevers=employers
werktijden=working hours|uurloon=hourly wage|uurtarief=hourly rate|tarief=rate|tarieven=rates|minimumloon=minimum wage
bruto=gross|netto=net|premie=premium|toeslag=surcharge|toeslagen=surcharges|vakantiegeld=holiday pay
vakantiedagen=days of holiday|verlof=leave|ouderschapsverlof=parental leave|ziekte=illness|werkplek=workplace
thuiswerken=working from home|sfeer=atmosphere|werksfeer=working atmosphere|motivatie=motivation|conflicten=conflicts
ruzie=argument|spanning=tension|spanningen=tensions|communicatie=communication|afstemming=coordination
structuur=structure|organisatie=organisation|organisaties=organisations|bedrijfsvoering=business operations
richtlijn=guideline|richtlijnen=guidelines|taakverdeling=division of tasks|verantwoordelijkheden=responsibilities
overdracht=handover|documentatie=documentation|documenten=documents|formulier=form|formulieren=forms
papierwerk=paperwork|administratie=administration|bureaucratie=bureaucracy|regeldruk=regulatory burden
inspanning=effort|moeite=effort|opbrengst=yield|opbrengsten=proceeds|inkomsten=income|inkomen=income|uitgave=expense
lasten=charges|calculatie=costing|prijsstelling=pricing|prijsbeleid=pricing policy|kortingen=discounts
aanbieding=offer|aanbiedingen=offers|actie=promotion|acties=promotions|cadeaubon=gift voucher|fooi=tip|fooien=tips
kassa=till|kassabon=receipt|bon=receipt|pinnen=pay by card|contant=cash|contanten=cash|overboeking=bank transfer
incasso=direct debit|rekening=account|bankrekening=bank account|saldo=balance|borg=deposit|aanbetaling=down payment
vooruitbetaling=advance payment|termijnen=instalments|betalingstermijn=payment term|betaaltermijn=payment term
herinnering=reminder|aanmaning=payment reminder|incassobureau=debt collection agency|facturen=invoices|debiteur=debtor
crediteuren=creditors|wanbetalers=defaulters|belastingdienst=tax authority|aangifte=tax return
jaarcijfers=annual figures|balans=balance sheet|spaargeld=savings|vermogen=assets|waarde=value|bedrag=amount
bedragen=amounts|som=sum|aandeel=share|voorraad=stock|voorraden=stocks|inventaris=inventory|goederen=goods
artikel=item|artikelen=items|onderdelen=parts|materiaal=material|materialen=materials|verpakking=packaging
verzending=shipping|verzendkosten=shipping costs|garantie=guarantee|klantenbestand=customer base
klantenkring=customer base|doelgroep=target group|doelgroepen=target groups|naamsbekendheid=brand awareness
advertentie=ad|advertenties=ads|beurs=trade fair|openingstijden=opening hours|hoogseizoen=peak season
laagseizoen=off-season|drukte=rush|piek=peak|pieken=peaks|bezetting=occupancy|bezettingsgraad=occupancy rate
knelpunt=bottleneck|knelpunten=bottlenecks|inzet=commitment|werkzaamheden=work|klus=job|klussen=jobs
opdrachtgever=client|opdrachtgevers=clients|prijsopgave=quote|fase=phase|stap=step|stappen=steps|prioriteit=priority
prioriteiten=priorities|idee=idea|ideeën=ideas|voorstel=proposal|optie=option|opties=options|mogelijkheid=possibility
mogelijkheden=options|alternatief=alternative|alternatieven=alternatives|scenario's=scenarios|aanname=assumption
aannames=assumptions|overzicht=overview|inzicht=insight|inzichten=insights|statistieken=statistics|tabel=table
lijst=list|lijsten=lists|ontwikkeling=development|ontwikkelingen=developments|prognose=forecast|schatting=estimate
mening=opinion|ervaring=experience|ervaringen=experience|kennis=knowledge|vaardigheden=skills|certificaat=certificate
keurmerk=quality mark|normen=standards|kwaliteit=quality|hygiëne=hygiene|brandveiligheid=fire safety
arbo=health and safety|aansprakelijkheid=liability|schade=damage|diefstal=theft|inbraak=burglary|reparatie=repair
reparaties=repairs|vervanging=replacement|investering=investment|aanschaf=purchase|aankoop=purchase|voertuig=vehicle
voertuigen=vehicles|busje=van|bestelbus=delivery van|techniek=technology|technologie=technology|innovatie=innovation
ondernemer=entrepreneur|ondernemers=entrepreneurs|zaak=business|zaken=business|winkel=shop|winkels=shops
winkelier=shopkeeper|webwinkel=online shop|zzp=self-employed|mkb=SME sector|kvk=Chamber of Commerce
eenmanszaak=sole proprietorship|deelnemers=participants|overname=acquisition|overnames=acquisitions
groothandel=wholesaler|detailhandel=retail|handel=trade|handelaar=dealer|fabrikant=manufacturer
toeleverancier=supplier|leveranciers=suppliers|inkoper=buyer|verkoper=salesperson|verkopers=salespeople
vertegenwoordiger=sales representative|acquisitie=customer acquisition|klantenwerving=customer acquisition
gemeenschap=community|samenleving=society|maatschappij=society|instelling=institution|instellingen=institutions
regering=government|kabinet=government|politiek=politics|gemeenteraad=municipal council|wethouder=alderman
burgemeester=mayor|situatie=situation|toestand=condition|geval=case|gevallen=cases|voorbeeld=example
voorbeelden=examples|soort=kind|soorten=kinds|manier=way|manieren=ways|wijze=way|onderwerp=topic|onderwerpen=topics
thema=theme|punt=point|punten=points|deel=part|onderdeel=part|kant=side|kanten=sides|niveau=level|hoogte=level
grootte=size|omvang=size|doelen=goals|bedoeling=intention|zin=sense|behoefte=need|behoeften=needs|belang=importance
interesse=interest|verschil=difference|verschillen=differences|invloed=influence|effecten=effects|voordeel=advantage
voordelen=advantages|nadeel=disadvantage|nadelen=disadvantages|hulp=help|steun=support|informatie=information
gedachte=thought|angst=fear|ergernis=annoyance|tijdsdruk=time pressure|kans=chance|geluk=luck|uitzondering=exception
leven=life|gezondheid=health|fout=mistake|fouten=mistakes|onzekerheid=uncertainty|stilstand=standstill
vooruitgang=progress|achteruitgang=decline|verandering=change|veranderingen=changes|wijziging=change
wijzigingen=changes|aanpassing=adjustment|aanpassingen=adjustments|verhoging=increase|verhogingen=increases
verlaging=reduction|vermindering=reduction|verdeling=distribution|voorspelling=forecast|waardering=appreciation
beloning=pay|begeleiding=guidance|ondersteuning=support|uitvoering=implementation|invoering=introduction
afhandeling=handling|verwerking=processing|registratie=registration|evaluatie=evaluation|financiering=financing
annulering=cancellation|annuleringen=cancellations|aanmelding=registration|aanmeldingen=registrations
ziekmelding=sick report|ziekmeldingen=sick reports|inschrijving=registration|afschrijving=depreciation
afschrijvingen=depreciation|afweging=consideration|afwegingen=trade-offs|overweging=consideration
bijdrage=contribution|betrokkenheid=engagement|oprichting=founding|installatie=installation|installaties=installations
montage=installation|woonzorg=residential care|nieuw=new|nieuwe=new|vast=fixed|vaste=fixed|los=separate|losse=separate
gelijk=equal|gelijke=equal|verkeerd=wrong|verkeerde=wrong|helder=clear|heldere=clear|gemakkelijk=easy
gemakkelijke=easy|ingewikkeld=complicated|ingewikkelde=complicated|noodzakelijk=necessary|noodzakelijke=necessary
zinvol=worthwhile|zinvolle=worthwhile|nuttig=useful|nuttige=useful|handig=handy|handige=handy|praktisch=practical
praktische=practical|realistisch=realistic|realistische=realistic|haalbaar=feasible|haalbare=feasible
betaalbaar=affordable|betaalbare=affordable|gezond=healthy|gezonde=healthy|financieel=financial|financiële=financial
economisch=economic|economische=economic|zakelijk=business|zakelijke=business|commercieel=commercial
commerciële=commercial|persoonlijk=personal|persoonlijke=personal|particulier=private|particuliere=private
sociale=social|maatschappelijk=social|maatschappelijke=social|technisch=technical|technische=technical|juridisch=legal
juridische=legal|fiscaal=tax|fiscale=tax|medisch=medical|medische=medical|internationale=international
nationaal=national|nationale=national|centraal=central|centrale=central|gemeentelijk=municipal|gemeentelijke=municipal
vrij=free|vrije=free|beschikbaar=available|beschikbare=available|bereikbare=reachable|klaar=ready|bezig=busy
bezet=occupied|dicht=closed|boos=angry|boze=angry|teleurgesteld=disappointed|overbelast=overloaded
overbelaste=overloaded|gemotiveerd=motivated|gemotiveerde=motivated|vriendelijk=friendly|vriendelijke=friendly
aardig=fairly|aardige=fairly|betrouwbaar=reliable|betrouwbare=reliable|flexibel=flexible|flexibele=flexible
ervaren=experienced|deskundig=expert|deskundige=expert|professioneel=professional|professionele=professional
succesvol=successful|succesvolle=successful|efficiënt=efficient|efficiënte=efficient|effectief=effective
effectieve=effective|positief=positive|positieve=positive|negatief=negative|negatieve=negative|enorm=huge|enorme=huge
flinke=considerable|fors=substantial|forse=substantial|aanzienlijk=considerable|aanzienlijke=considerable
beperkt=limited|beperkte=limited|gering=small|geringe=small|aanvullend=additional|aanvullende=additional
structureel=structural|structurele=structural|regelmatig=regular|regelmatige=regular|gewone=ordinary|normaal=normal
normale=normal|gebruikelijk=usual|gebruikelijke=usual|bijzonder=special|bijzondere=special|speciaal=special
speciale=special|algemeen=general|algemene=general|concreet=specific|concrete=specific|sterke=strong|zwak=weak
zwakke=weak|krap=tight|krappe=tight|ruim=ample|ruime=ample|brede=broad|koud=cold|koude=cold|mooi=nice|mooie=nice
moderne=modern|verouderd=outdated|verouderde=outdated|toekomstig=future|toekomstige=future|nieuwste=latest
vroegere=former|voormalig=former|voormalige=former|bepaalde=certain|zekere=certain|onzeker=uncertain
onzekere=uncertain|veilig=safe|veilige=safe|gevaarlijk=dangerous|gevaarlijke=dangerous|risicovol=risky
risicovolle=risky|stabiel=stable|stabiele=stable|wisselend=varying|wisselende=varying|stijgend=rising|stijgende=rising
dalend=falling|dalende=falling|groeiend=growing|groeiende=growing|toenemend=increasing|toenemende=increasing
afnemend=declining|afnemende=declining|dringend=urgent|dringende=urgent|achterstallig=overdue|achterstallige=overdue
zelfstandig=self-employed|zelfstandige=self-employed|onafhankelijk=independent|onafhankelijke=independent
duurzaam=sustainable|duurzame=sustainable|schoon=clean|schone=clean|zorgvuldig=careful|zorgvuldige=careful
voorzichtig=cautious|voorzichtige=cautious|tijdig=timely|tijdige=timely|makkelijker=easier|moeilijker=more difficult
belangrijker=more important|aantrekkelijk=attractive|aantrekkelijke=attractive|aantrekkelijker=more attractive
populair=popular|populaire=popular|bekend=known|bekende=known|onbekend=unknown|onbekende=unknown|gewend=used to
geschikt=suitable|geschikte=suitable|onvoldoende=insufficient|vele=many|enkel=only|sommige=some|meerdere=several
diverse=various|allerlei=all kinds of|beide=both|hele=whole|totale=total|wekelijkse=weekly|dagelijkse=daily
eenmalig=one-off|eenmalige=one-off|lopend=ongoing|lopende=ongoing|onbetaald=unpaid|onbetaalde=unpaid
openstaand=outstanding|openstaande=outstanding|hoogste=highest|laagste=lowest|kleinste=smallest|meer=more
gezorgd=taken care|zorgen=take care|zorgt=takes care|zorgde=took care|zorgden=took care|geregeld=arranged
regelen=arrange|regelt=arranges|regelde=arranged|regelden=arranged|gelegd=put|leggen=put|legt=puts|legde=put
legden=put|vastgelegd=recorded|vastleggen=record|uitgelegd=explained|uitleggen=explain|opleggen=impose|gesteld=put
stellen=put|stelt=puts|stelde=put|stelden=put|vastgesteld=established|vaststellen=establish|ingesteld=introduced
instellen=introduce|voorgesteld=proposed|voorstellen=propose|opgesteld=drawn up|opstellen=draw up|aangesteld=appointed
aanstellen=appoint|hersteld=recovered|herstellen=recover|herstelt=recovers|gezet=put|zetten=put|zet=puts|zette=put
ingezet=deployed|inzetten=deploy|omgezet=converted|omzetten=convert|voortgezet=continued|voortzetten=continue
opgezet=set up|opzetten=set up|doorgezet=pushed through|doorzetten=push through|afgemaakt=finished|afmaken=finish
uitbetaald=paid out|uitbetalen=pay out|terugbetaald=paid back|terugbetalen=pay back|betaalde=paid|plannen=plan
ingepland=scheduled|inplannen=schedule|gerekend=calculated|rekent=calculates|reken=calculate|berekend=calculated
berekent=calculates|bereken=calculate|afgerekend=settled up|afrekenen=settle up|geteld=counted|telt=counts|tel=count
gehoopt=hoped|hoop=hope|geleerd=learned|leren=learn|leert=learns|leer=learn|gehoord=heard|horen=hear|hoort=hears
hoor=hear|gevoeld=felt|voelen=feel|voelt=feels|voel=feel|geloofd=believed|geloven=believe|gelooft=believes
geloof=believe|genoemd=mentioned|noemen=mention|noemt=mentions|noem=mention|vermeld=mentioned|vermelden=mention
vermeldt=mentions|gemeld=reported|melden=report|meldt=reports|meld=report|aangemeld=signed up|aanmelden=sign up
ziekgemeld=called in sick|ziekmelden=call in sick|afgemeld=cancelled|afmelden=cancel|gemerkt=noticed|merkt=notices
gelet=paid attention|letten=pay attention|geëist=demanded|eist=demands|georganiseerd=organised|organiseren=organise
organiseert=organises|organiseer=organise|gecontroleerd=checked|controleren=check|controleert=checks|controleer=check
getest=tested|testen=test|geregistreerd=registered|registreren=register|registreert=registers|registreer=register
gefinancierd=financed|financieren=finance|financiert=finances|verminderd=reduced|vermindert=reduces|verminder=reduce
verhoogd=raised|verhoogt=raises|verhoog=raise|verhoogde=raised|verhoogden=raised|verlaagd=lowered|verlaagt=lowers
verlaag=lower|verlaagde=lowered|verlaagden=lowered|aangepast=adjusted|aanpassen=adjust|gewisseld=switched
wisselen=switch|wisselt=switches|wissel=switch|overgestapt=switched|overstappen=switch|openen=open|verhuurd=let
verhuurt=lets|verstuurd=sent|versturen=send|verstuurt=sends|verstuur=send|gestuurd=sent|sturen=send|stuurt=sends
stuur=send|aangestuurd=managed|aansturen=manage|bijgestuurd=adjusted course|bijsturen=adjust course|opgestuurd=sent
opsturen=send|bel=call|belde=called|belden=called|overlegd=consulted|overleggen=consult|overlegt=consults
beslis=decide|besliste=decided|beslisten=decided|ingestemd=agreed|instemmen=agree|afgestemd=coordinated
afstemmen=coordinate|gedeeld=shared|deelt=shares|verdeeld=divided|verdelen=divide|verdeelt=divides|verdeel=divide
geschat=estimated|schatten=estimate|schat=estimates|ingeschat=assessed|inschatten=assess|gerepareerd=repaired
repareren=repair|repareert=repairs|repareer=repair|geïnstalleerd=installed|installeren=install|installeert=installs
installeer=install|bespaard=saved|besparen=save|bespaart=saves|bespaar=save|behandeld=treated|behandelen=treat
behandelt=treats|behandel=treat|afgehandeld=handled|afhandelen=handle|verwerkt=processed|verwerken=process
verwerk=process|begeleid=guided|begeleiden=guide|begeleidt=guides|ondersteund=supported|ondersteunen=support
ondersteunt=supports|ondersteun=support|gesolliciteerd=applied|solliciteren=apply|solliciteert=applies
solliciteer=apply|ingewerkt=onboarded|inwerken=onboard|uitgevoerd=carried out|uitvoeren=carry out|ingevoerd=introduced
invoeren=introduce|gevoerd=conducted|voeren=conduct|voert=conducts|voer=conduct|doorgevoerd=implemented
doorvoeren=implement|toegepast=applied|toepassen=apply|benut=utilised|benutten=utilise|geannuleerd=cancelled
annuleren=cancel|annuleert=cancels|annuleer=cancel|afgezegd=cancelled|afzeggen=cancel|gewijzigd=changed
wijzigen=change|wijzigt=changes|wijzig=change|verplaatst=moved|verplaatsen=move|verplaats=move|ontwikkeld=developed
ontwikkelen=develop|ontwikkelt=develops|ontwikkel=develop|opgericht=founded|oprichten=found|getwijfeld=doubted
twijfelen=doubt|twijfelt=doubts|twijfel=doubt|vermoeden=suspect|vermoedt=suspects|voorspeld=predicted
voorspellen=predict|voorspelt=predicts|voorspel=predict|gedreigd=threatened|dreigen=threaten|dreigt=threatens
dreig=threaten|behaald=achieved|behalen=achieve|behaalt=achieves|behaal=achieve|gehaald=got|halen=get|haalt=gets
haal=get|opgehaald=collected|ophalen=collect|ingehaald=caught up|inhalen=catch up|binnengehaald=brought in
binnenhalen=bring in|gelukt=succeeded|lukken=succeed|mislukt=failed|mislukken=fail|gedraaid=run|draaien=run
draait=runs|draai=run|gevolgd=followed|volgen=follow|volgt=follows|volg=follow|volgde=followed|volgden=followed
opgevolgd=followed up|opvolgen=follow up|bepalen=determine|bepaalt=determines|bepaal=determine|beïnvloed=influenced
beïnvloeden=influence|beïnvloedt=influences|veroorzaakt=caused|veroorzaken=cause|veroorzaak=cause|ontlast=relieved
ontlasten=relieve|belast=burdened|belasten=burden|betekend=meant|betekenen=mean|betekent=means|beteken=mean
betekende=meant|betekenden=meant|bevatten=contain|omvatten=include|beschikken=have|beschik=have|geklopt=been right
kloppen=be right|klopt=is right|verwachtte=expected|verwachtten=expected|verbeter=improve|verander=change
verhuisd=moved|verhuist=moves|verhuis=move|verlengd=extended|verlengt=extends|verleng=extend|opgeleid=trained
geleid=led|leid=lead|leidde=led|leidden=led|beheerd=managed|beheert=manages|bereik=reach|verdien=earn|verdiende=earned
verdienden=earned|verdubbelt=doubles|verdubbel=double|probeer=try|verbouwd=renovated|verbouwt=renovates
verbouw=renovate|bestel=order|gereserveerd=booked|reserveert=books|reserveer=book|investeer=invest
geanalyseerd=analysed|analyseert=analyses|analyseer=analyse|factureer=invoice|uitgebreid=expanded|vertraagt=delays
vertraag=delay|verslechtert=worsens|verslechter=worsen|geantwoord=answered|gereageerd=responded|reageer=respond
reageerde=responded|reageerden=responded|bijgehouden=kept track of|bijhouden=keep track of|volgehouden=kept up
volhouden=keep up|aangehouden=kept|aanhouden=keep|onderhouden=maintained|onderhoudt=maintains|voorkomt=prevents
binnengekomen=come in|binnenkomen=come in|teruggekomen=come back|terugkomen=come back|uitgekomen=turned out
uitkomen=turn out|aangekomen=arrived|aankomen=arrive|overgegaan=switched|overgaan=switch|doorgegaan=continued
doorgaan=continue|achteruitgegaan=declined|achteruitgaan=decline|vooruitgegaan=improved|vooruitgaan=improve
omgegaan=dealt|omgaan=deal|opgegeven=given up|opgeven=give up|aangegeven=indicated|aangeven=indicate|aangenomen=hired
aannemen=hire|opgenomen=taken up|opnemen=take up|overgenomen=taken over|overnemen=take over|afgenomen=decreased
afnemen=decrease|toegenomen=increased|toenemen=increase|deelgenomen=taken part|deelnemen=take part|meegenomen=included
meenemen=include|ingezien=realised|inzien=realise|voorzien=provided|voorziet=provides|bestaat=exists|bestond=existed
bestonden=existed|ontstaan=arisen|ontstaat=arises|ontstond=arose|ontstonden=arose|toegestaan=allowed|toestaan=allow
kennen=know|herkend=recognised|herkennen=recognise|herkent=recognises|gebracht=brought|brengen=bring|brengt=brings
breng=bring|bracht=brought|brachten=brought|teruggebracht=reduced|terugbrengen=reduce|opgebracht=yielded
opbrengen=yield|doorgebracht=spent|doorbrengen=spend|nagedacht=thought about|nadenken=think about|kopen=buy|koop=buy
kochten=bought|ingekocht=purchased|inkopen=purchase|verkopen=sell|verkochten=sold|gelopen=run|lopen=run|loopt=runs
liep=ran|liepen=ran|opgelopen=risen|oplopen=rise|teruggelopen=declined|teruglopen=decline|aflopen=end
vastgelopen=got stuck|vastlopen=get stuck|verlopen=expired|verloopt=expires|geschreven=written|schrijven=write
schrijft=writes|schrijf=write|schreef=wrote|schreven=wrote|beschreven=described|beschrijven=describe
beschrijft=describes|afgeschreven=written off|afschrijven=write off|gesproken=spoken|spreken=speak|spreekt=speaks
sprak=spoke|spraken=spoke|afgesproken=agreed|afspreken=agree|besproken=discussed|bespreken=discuss|bespreekt=discusses
bespreek=discuss|vergeten=forgotten|vergeet=forgets|vergat=forgot|vergaten=forgot|sluiten=close|sloot=closed
sloten=closed|afgesloten=concluded|afsluiten=conclude|uitgesloten=ruled out|uitsluiten=rule out|betrokken=involved
betrekken=involve|betrekt=involves|uitgetrokken=set aside|uittrekken=set aside|bijgedragen=contributed
bijdragen=contribute|vallen=fall|valt=falls|viel=fell|vielen=fell|uitgevallen=dropped out|uitvallen=drop out
meegevallen=turned out better|meevallen=turn out better|tegengevallen=been disappointing|tegenvallen=be disappointing
opgevallen=stood out|opvallen=stand out|overwogen=considered|overwegen=consider|overweegt=considers|overweeg=consider
gekeken=looked|kijken=look|kijkt=looks|kijk=look|keek=looked|keken=looked|bekeken=looked at|bekijken=look at
bekijkt=looks at|bekijk=look at|verzonden=shipped|verzenden=ship|verzendt=ships|treffen=take|treft=takes|trof=took
troffen=took|betroffen=concerned|betreffen=concern|betreft=concerns|vergeleken=compared|vergelijkt=compares
vergelijk=compare|bedraagt=amounts to|bedroeg=amounted to|bedroegen=amounted to|geboden=offered|bied=offer
bood=offered|boden=offered|aangeboden=offered|ontbroken=been missing|ontbrak=was missing|vervangen=replaced
vervangt=replaces|vervang=replace|verving=replaced|vervingen=replaced|onderzocht=investigated|onderzoekt=investigates
onderzochten=investigated|zoek=look for|zocht=looked for|zochten=looked for|opgezocht=looked up|opzoeken=look up
bezocht=visited|bezoekt=visits|bezochten=visited|gegolden=applied|gelden=apply|geldt=applies|besloot=decided
kies=choose|koos=chose|kozen=chose|gedacht=thought|dachten=thought|geleken=seemed|leek=seemed|leken=seemed
gebleken=turned out|blijken=turn out|bleken=turned out|hielp=helped|hielpen=helped|voldaan=met|voldoen=meet
voldoet=meets|meegedaan=taken part|meedoen=take part|houdt in=means|nodig hebben=need
zo snel mogelijk=as soon as possible|zo veel mogelijk=as much as possible|zoveel mogelijk=as much as possible
zo goed mogelijk=as well as possible|hoe vaak=how often|hoe hoog=how high|hoe snel=how fast|hoe goed=how well
hoe groot=how big|op dit moment=at the moment|op tijd=on time|op termijn=in the long run
op korte termijn=in the short term|op lange termijn=in the long term|in de toekomst=in future
in het verleden=in the past|om te=in order to|in plaats van=instead of|in verband met=in connection with
in dat verband=in that context|verband tussen=link between|in ieder geval=in any case|in elk geval=in any case
hoe dan ook=anyway|ten minste=at least|ten slotte=finally|met name=particularly|onder andere=among other things
zoals gezegd=as mentioned|wat betreft=as regards|ten opzichte van=compared to|in vergelijking met=compared to
vergeleken met=compared to|in totaal=in total|per maand=per month|per jaar=per year|per uur=per hour|per dag=per day
per stuk=each|in het algemeen=in general|over het algemeen=in general|op de hoogte=informed
rekening houden met=take into account|houden rekening met=take into account|in rekening brengen=charge
in kaart brengen=map out|ter beschikking=available|beschikbaar stellen=make available|van plan=planning
aan de slag=get to work|gaan uit van=assume|ga uit van=assume|gaat uit van=assumes|uitgaan van=assume
omgaan met=deal with|gaat om=is about|het gaat om=it is about|gaat achteruit=is declining|gaat vooruit=is improving
loopt op=is rising|lopen op=are rising|loopt terug=is declining|lopen terug=are declining|loopt uit=is overrunning
loopt vast=gets stuck|zit vast=is stuck|staat vast=is certain|valt mee=is manageable|valt tegen=is disappointing
valt uit=drops out|hangt af van=depends on|hangt ervan af=it depends|zorgen voor=take care of|zorgt voor=takes care of
leiden tot=lead to|leidt tot=leads to|te maken hebben met=have to do with|heeft te maken met=has to do with
laat zien=shows|liet zien=showed|wel of niet=or not|niet meer=no longer|nog niet=not yet|nog eens=once more
steeds vaker=increasingly often|des te=all the|een beetje=a little|heel veel=a lot|veel te=far too
vaste klanten=regular customers|vaste kosten=fixed costs|vaste lasten=fixed costs|vast contract=permanent contract
vaste medewerkers=permanent staff|nieuwe klanten=new customers|openstaande facturen=outstanding invoices
automatische incasso=direct debit|dubbel glas=double glazing|onroerend goed=real estate
algemene ledenvergadering=general meeting|kamer van koophandel=Chamber of Commerce|rood staan=be overdrawn
zwarte cijfers=profit|rode cijfers=losses|stel dat=suppose|denk je=do you think|vind je=do you think
wat vind je=what do you think|wat vindt u=what do you think|hoe komt het=how come|hoe zit het met=what about
wat als=what if|stellen voor=propose|stel voor=propose|stelt voor=proposes|stellen vast=establish|leggen vast=record
legt vast=records|voeren uit=carry out|voert uit=carries out|breidt uit=expands|past aan=adjusts|lost op=solves
geeft aan=indicates|komt bij=in addition|daar komt bij=in addition|komt uit=works out|komt neer op=comes down to
ziet eruit=looks|brengt met zich mee=entails|maken gebruik van=use|maakt gebruik van=uses|gebruik maken van=use
op het moment=at the moment|in de gaten houden=keep an eye on|bij elkaar=together|ten koste van=at the expense of
naar verwachting=expected|in de praktijk=in practice|al met al=all in all|dit jaar=this year|volgend jaar=next year
vorig jaar=last year|eigen bijdrage=personal contribution|tal van=numerous|voedselbank=food bank
supermarkten=supermarkets|supermarkt=supermarket|doneren=donate
`;

/** Italian: 1939 entries. */
const IT = `
carico=load|accordo=agreement|taglia=size|consiglio=advice|rifiuti=waste|partita=match|sinistri=claims|qualsiasi=any
anzi=in fact|tramite=through|dov'è=where is|com'è=how is|cos'è=what is|c'è=there is|c'era=there was|c'erano=there were
primavera=spring|estivo=summer|vacanze=holidays|temperatura=temperature|famiglia=family|familiare=family
familiari=family members|figli=children|anziani=elderly people|casa=home|stanze=rooms|pavimento=floor|mobili=furniture
divano=sofa|rete=network|piastrelle=tiles|formaggi=cheeses|gelato=ice cream|gelateria=ice cream shop|biologici=organic
camerieri=waiters|asporto=takeaway|mensa=canteen|abbigliamento=clothing|vestiti=clothes|usato=used|usata=used
usati=used|usate=used|mercatino=flea market|accessori=accessories|farmacista=pharmacist|ferramenta=hardware shop
carrozzeria=body shop|meccanici=mechanics|elettricista=electrician|falegname=carpenter|notaio=notary
commercialista=accountant|contabilità=accounting|artigiano=craftsman|artigiani=craftsmen|commerciante=shopkeeper
commercianti=shopkeepers|negoziante=shopkeeper|esercenti=retailers|imprenditore=entrepreneur
imprenditori=entrepreneurs|apprendista=apprentice|stagista=intern|tirocinio=internship|impiegato=employee
impiegati=employees|operaio=worker|lavoratore=worker|addetti=staff|agricoltura=agriculture|italiani=Italian
stranieri=foreigners|turisti=tourists|turismo=tourism|lingue=languages|politiche=policies|burocrazia=bureaucracy
documenti=documents|modulo=form|certificato=certificate|pratica=paperwork|bando=call for applications
incentivi=incentives|agevolazioni=incentives|sussidi=benefits|fisco=tax authority|reddito=income|redditi=income
tassa=tax|assicurazione=insurance|polizza=policy|furto=theft|furti=thefts|danni=damage|diritto=right
obbligo=obligation|norme=rules|regolamento=regulations|accordi=agreements|bonifico=bank transfer
bonifici=bank transfers|scontrino=receipt|scontrini=receipts|rata=instalment|acconto=deposit|caparra=deposit
saldo=balance|saldi=sales|promozione=promotion|promozioni=promotions|offerte=offers|garanzia=guarantee
fornitura=supply|forniture=supplies|merci=goods|materiali=materials|attrezzatura=equipment|ricambi=spare parts
scaffali=shelves|vetrina=shop window|clientela=customers|volantini=flyers|passaparola=word of mouth|fedeltà=loyalty
reso=return|rimborso=refund|rimborsi=refunds|importo=amount|importi=amounts|cifra=figure|valore=value|affari=business
attività=business|mestiere=trade|carriera=career|rendimento=return|pareggio=break-even|incassato=collected
fallito=bankrupt|gestione=management|gestore=operator|direzione=management|dirigente=executive|presidente=chairman
tesoriere=treasurer|tesoriera=treasurer|assemblea=general meeting|verbale=minutes|statuto=statute|titolari=owners|proprietari=owners
collega=colleague|colleghi=colleagues|organico=workforce|colloquio=interview|esperienza=experience|competenze=skills
corso=course|corsi=courses|qualifica=qualification|mansioni=duties|stagionale=seasonal|stagionali=seasonal workers
assunto=hired|sciopero=strike|infortunio=injury|fiducia=trust|minore=lower|minori=lower|semplici=simple
possibili=possible|stabile=stable|fissi=fixed|fedele=loyal|fedeli=loyal|potenziale=potential|potenziali=potential
complesso=complex|sociali=social|tecnico=technical|economia=economy|urgenti=urgent|noto=well-known|popolare=popular
ideale=ideal|ridotto=reduced|ridotta=reduced|ridotti=reduced|previsto=expected|prevista=expected|previsti=expected
proposta=proposal|informazione=information|rapporti=relationships|possibilità=possibility|occasione=opportunity
livello=level|differenza=difference|esempio=example|dettaglio=detail|regola=rule|interesse=interest|opinione=opinion
tentativo=attempt|ingresso=entrance|modello=model|evento=event|eventi=events|vantaggio=advantage|vantaggi=advantages
svantaggi=disadvantages|sostegno=support|tentare=try|tentando=trying|tentato=tried|proviamo=we try|provando=trying
provato=tried|cercano=look for|cercando=looking for|troviamo=we find|trovano=find|pagando=paying|lavorando=working
usano=use|usando=using|utilizziamo=we use|arrivando=arriving|arrivati=arrived|chiama=calls|chiamano=call
pensando=thinking|parliamo=we talk|aspettando=waiting|portano=bring|lascia=leaves|iniziamo=we start|iniziato=started
cominciato=started|continuare=continue|continua=continues|continuiamo=we continue|continuano=continue
continuato=continued|aiuta=helps|aiutano=help|mandiamo=we send|inviare=send|inviamo=we send|costato=cost
costerebbe=would cost|guadagna=earns|guadagnano=earn|guadagnato=earned|risparmiato=saved|speriamo=we hope
organizzare=organise|organizziamo=we organise|organizzato=organised|cambia=changes|cambiano=change|cambiato=changed
tornare=come back|tornano=come back|restiamo=we stay|funziona=works|funzionano=work|funzionato=worked|mancando=lacking
prenota=books|prenotano=book|prenotato=booked|ordinano=order|consegnato=delivered|preparare=prepare|prepara=prepares
controllare=check|controlla=checks|valutare=assess|valutando=assessing|calcolato=calculated|pianificato=planned
migliora=improves|migliorando=improving|abbassa=lowers|eliminato=removed|creare=create|crea=creates|creato=created
sviluppare=develop|sviluppato=developed|comunicato=communicated|contattato=contacted|spostare=move|ricordare=remember
accettare=accept|accetta=accepts|accettano=accept|rifiutano=refuse|annullato=cancelled|sembrano=seem
trattare=deal with|spiegare=explain|visitare=visit|riparare=repair|programmato=scheduled|fissare=set|risulta=turns out
collaborare=collaborate|partecipa=takes part|registrare=register|verificare=check|scontato=discounted|gestisce=runs
gestiscono=run|gestito=run|capisco=I understand|capisce=understands|capiscono=understand|capito=understood
finisce=finishes|finito=finished|preferisce=prefers|preferiscono=prefer|spedire=ship|spediamo=we ship|spedito=shipped
fornire=supply|forniamo=we supply|fornito=supplied|garantire=guarantee|stabilire=establish|sostituire=replace
fallire=fail|costruito=built|apre=opens|sentire=hear|seguire=follow|partire=leave|investito=invested|vendo=I sell
vendendo=selling|prendiamo=we take|prendono=take|preso=taken|mettere=put|mettiamo=we put|messo=put|perdendo=losing
chiede=asks|chiesto=asked|chiude=closes|spende=spends|speso=spent|ricevuto=received|risposto=answered|conosce=knows
conosciamo=we know|permette=allows|risolto=solved|discutere=discuss|richiede=requires|vivere=live|dividere=split
aggiungere=add|aggiunto=added|raggiunto=reached|mi=me|ti=you|cose=things|bene=well|qui=here|hai=you have|tu=you
sei=you are|c'=there|te=you|urgente=urgent|sì=yes|ora=now|lei=she|fatto=done|ne=of it|essere=be|dollari=dollars
quello=that|detto=said|grazie=thanks|tuo=your|beh=well|vero=true|posto=place|lui=he|sta=is|tua=your|voglio=I want
roba=stuff|vera=true|parlare=talk|certo=certain|posso=I can|sai=you know|cena=dinner|veri=true|certa=certain
stai=you are|quella=that|fondo=fund|loro=they|libro=book|quel=that|pezzo=piece|vuoi=you want|signore=sir
proprio=really|vere=true|avvocato=lawyer|mondo=world|vi=you|campo=field|sto=I am|popolari=popular|sentito=heard
fuori=outside|cibo=food|uscita=exit|guarda=looks at|voi=you|ciao=hello|carta=card|giusto=right|perche=because
pezzi=pieces|polizia=police|puoi=you can|giusta=right|andiamo=we go|ideali=ideal|visto=seen|vita=life|stata=been
sicuro=sure|dolce=sweet|ecco=here is|pensato=thought|sicura=sure|pranzo=lunch|stabili=stable|vestito=dress|affare=deal
volta=time|complessa=complex|fai=you do|uomo=man|padre=father|rosso=red|credo=I believe|amico=friend|strada=road
sia=be|parlato=talked|altra=other|birra=beer|sicuri=sure|testa=head|borsa=bag|piu=more|sarebbe=would be|scarpe=shoes
bella=nice|bello=nice|prego=please|fosse=were|lasciato=left|giuste=right|appena=just|auto=car|chiamato=called
parlando=talking|avete=you have|carne=meat|successo=success|vai=you go|pronto=ready|entrare=enter|pelle=leather
mamma=mum|belle=nice|portato=brought|vino=wine|carte=cards|caffè=coffee|avere=have|cosi=so|pronta=ready|pronti=ready
farlo=do it|facendo=doing|dentro=inside|abbia=has|madre=mother|ero=I was|aveva=had|bell'=nice|conti=accounts
giusti=right|può=can|belli=nice|potrebbe=could|tutta=all|momento=moment|colazione=breakfast|piace=likes
ascolta=listens to|ragazzi=young people|siete=you are|subito=immediately|libri=books|persone=people|giro=round
avevo=I had|penso=I think|vieni=you come|torta=cake|stelle=stars|tuoi=your|bel=nice|pensa=thinks|fiori=flowers
mangiare=eat|felice=happy|passare=pass|faccio=I do|colore=colour|avuto=had|figlio=son|pronte=ready|pesce=fish
gente=people|pagina=page|felici=happy|mandato=sent|basta=enough|azioni=actions|parla=talks|faccia=does
pantaloni=trousers|signora=lady|scritto=written|volevo=I wanted|sicure=sure|lì=there|latte=milk|importa=matters
arrivato=arrived|donna=woman|ricordi=memories|vado=I go|ragazza=girl|dato=given|portare=bring|stiamo=we are
scoperto=discovered|ragazzo=boy|tratta=deals with|avrei=I would have|comunque=anyway|nemmeno=not even|serio=serious
dormire=sleep|dall'=from the|vorrei=I would like|guardare=look at|tornato=come back|forte=strong|dici=you say
quelle=those|vostro=your|dovuto=had to|neanche=not even|sterline=pounds|qua=here|pollo=chicken|avrebbe=would have
stanno=are|orologio=watch|seria=serious|strano=strange|dico=I say|cappello=hat|nessun=no|bravo=good|moglie=wife
giornale=newspaper|brava=good|stavo=I was|forti=strong|morto=dead|strana=strange|persona=person|voti=votes|unica=only
unico=only|anticipo=advance|giocare=play|finire=finish|devi=you must|almeno=at least|quei=those|col=with the
cercato=looked for|prova=try|gia=already|magari=maybe|entra=enters|conto=account|fondi=funds|vostra=your|bravi=good
giacca=jacket|commesso=shop assistant|amici=friends|torna=comes back|andato=gone|esatto=exact|vedo=I see|tè=tea
fratello=brother|cos'=what|nave=ship|uomini=men|materiale=material|stasera=tonight|pane=bread|uova=eggs
finita=finished|profilo=profile|gioco=game|perfetto=perfect|resto=rest|assegno=cheque|piacere=pleasure|centro=centre
perfetta=perfect|modo=way|cerca=looks for|andata=gone|dovrebbe=should|bambino=child|ieri=yesterday|trova=finds
unici=only|quelli=those|signor=Mr|quell'=that|piatto=dish|ciò=this|dispiace=sorry|morte=death|occhiali=glasses
proprietà=property|maiale=pork|veramente=really|camicia=shirt|incarico=assignment|formaggio=cheese|agenzia=agency
giornali=newspapers|piscina=swimming pool|moda=fashion|nessuna=no|dimenticato=forgotten|terreno=land|crede=believes
ottimo=excellent|dietro=behind|consigli=advice|sapevo=I knew|figlia=daughter|ottima=excellent|vicino=near|aereo=plane
rubato=stolen|potrei=I could|abito=suit|stava=was|fisse=fixed|tue=your|riesco=I manage|passato=past|sbagliato=wrong
esatta=exact|minuti=minutes|avvocati=lawyers|venuto=come|interessa=interests|sbagliata=wrong|papà=dad
scoprire=discover|luogo=place|fatta=done|salvare=save|possa=can|capi=bosses|regali=gifts|dicendo=saying|oggetto=object
promesso=promised|esattamente=exactly|profumo=perfume|arrivo=arrival|zucchero=sugar|marito=husband|tipo=type
sbagliate=wrong|passo=step|busta=envelope|oggetti=objects|pensavo=I thought|senti=listen|governo=government
ottime=excellent|voleva=wanted|ottimi=excellent|ricorda=remembers|palestra=gym|incontrato=met|cara=expensive
cioccolato=chocolate|solito=usual|potuto=been able|salvato=saved|là=there|andando=going|maglietta=T-shirt
biscotti=biscuits|aspetto=aspect|chiesa=church|scrivere=write|riso=rice|dolci=desserts|abiti=clothes|davanti=in front
acqua=water|stanza=room|diventato=become|sente=hears|sento=I hear|dollaro=dollar|mare=sea|comprato=bought|pagine=pages
olio=oil|inglese=English|vista=view|cameriera=waitress|sbagliati=wrong|vecchia=old|lavorato=worked|caso=case
forza=strength|libero=free|dov'=where|leggere=read|donne=women|giudice=judge|pensi=you think|porto=port|ragazze=girls
libera=free|guardando=looking at|festa=party|segretario=secretary|esiste=exists|possono=can|solita=usual|sulle=on the
vive=lives|nome=name|sapete=you know|campi=fields|sorella=sister|chiedendo=asking|nord=north|piatti=dishes|puo=can
sembrare=seem|treno=train|dura=lasts|volete=you want|aver=have|siano=are|imparato=learnt|sogno=dream|liberi=free
vecchie=old|brutto=bad|brutta=bad|nulla=nothing|guardate=looked at|mangiato=eaten|posti=places|rivista=magazine
gentile=kind|incontro=meeting|sui=on the|spero=I hope|sarei=I would be|panino=sandwich|seguito=followed|presa=taken
assolutamente=absolutely|farò=I will do|mezzo=half|colori=colours|indirizzo=address|gioielli=jewellery|brutte=bad
ferma=stops|solite=usual|dica=says|frutta=fruit|piuttosto=rather|diverso=different|sud=south|fresca=fresh|soliti=usual
normale=normal|programma=programme|entrato=entered|bici=bike|diversa=different|burro=butter|imparare=learn|danno=give
saranno=will be|brutti=bad|voglia=desire|usa=uses|giù=down|benissimo=very well|faremo=we will do|fresco=fresh
gentili=kind|aiutato=helped|potete=you can|centesimi=cents|qualunque=any|attrezzi=tools|lontano=far|proteggere=protect
normali=normal|patate=potatoes|sara=will be|prendendo=taking|grosso=big|stazione=station|vada=goes
interessante=interesting|bere=drink|preoccupare=worry|insomma=in short|notato=noticed|scusa=sorry|sala=hall
fiore=flower|somma=sum|lingua=language|controllato=checked|matrimonio=wedding|libere=free|grossa=big|strumento=tool
cameriere=waiter|finalmente=finally|passa=passes|laurea=degree|cappotto=coat|grossi=big|strumenti=tools|storia=story
conosciuto=known|eravamo=we were|torniamo=we come back|tribunale=court|dirmi=tell me|moneta=currency|lana=wool
venuta=come|scelta=choice|insalata=salad|voluto=wanted|segreteria=office|uovo=egg|ama=loves|simile=similar
avanti=forward|ovviamente=obviously|fatti=done|dirlo=say it|aspettate=waited|abilità=skills|ascoltare=listen to
segretaria=secretary|conosco=I know|vostri=your|interessanti=interesting|grosse=big|vede=sees|ricordo=I remember
incontrare=meet|regalo=gift|conosciuta=known|sentite=heard|isola=island|simili=similar|affrontare=tackle
campeggio=campsite|contatto=contact|paura=fear|mandare=send|arrivata=arrived|amica=friend|smesso=stopped
centesimo=cent|ricevuta=receipt|completamente=completely|forma=form|tornata=come back|finché=until|americano=American
ormai=by now|francese=French|valori=values|giornata=day|piena=full|chiamo=I call|semplicemente=simply|fiume=river
reale=real|sindaco=mayor|nello=in the|mano=hand|fermati=stopped|insegnato=taught|bagno=bathroom|immaginare=imagine
dimenticare=forget|tipico=typical|convinto=convinced|far=make|mette=puts|guadagni=earnings|precedenti=previous
cio=this|siti=websites|cambio=change|luce=light|piacerebbe=would like|pieni=full|dovete=you must|signori=gentlemen
minuto=minute|sistemare=sort out|inizia=starts|accettato=accepted|direi=I would say|volo=flight|reali=real|e'=is
assegni=cheques|mangia=eats|commenti=comments|ricetta=recipe|camminare=walk|curriculum=CV|maggiore=greater
tessuto=fabric|americani=American|precedente=previous|bambina=child|villaggio=village|buon=good|trovata=found
professione=profession|piene=full|dovere=duty|mie=my|parco=park|saputo=known|esperienze=experiences|potere=be able
vicepresidente=vice-chairman|vivo=I live|bicicletta=bicycle|futuro=future|pericoloso=dangerous|piante=plants
colpa=fault|monete=coins|scarpa=shoe|punto=point|cioè=that is|politica=policy|intero=whole|intera=whole|pensano=think
vissuto=lived|vedi=you see|conta=counts|pensate=thought|faceva=did|piacciono=like|intorno=around|perchè=because
omaggio=free gift|venga=comes|autobus=bus|pericolosa=dangerous|sapeva=knew|spiaggia=beach|ordinato=ordered
lasciamo=we leave|dovresti=you should|guardato=looked at|segno=sign|maggiori=greater|supermercato=supermarket
qualcun=someone|partito=left|sicuramente=surely|strade=roads|doveva=had to|terra=land|pianta=plant|sola=alone
chiedo=I ask|ingegnere=engineer|credi=you think|immobiliare=real estate|coinvolto=involved|cifre=figures|girare=turn
rubare=steal|farà=will do|birre=beers|portata=brought|messa=put|preparato=prepared|commento=comment|lasciate=left
funzionare=work|serie=series|giocattoli=toys|scusi=excuse me|arrabbiato=angry|occhi=eyes|mani=hands|ritorno=return
arrabbiata=angry|enorme=huge|offerto=offered|dovevo=I had to|altrimenti=otherwise|poteva=could|significa=means
sarò=I will be|est=east|prendo=I take|misure=sizes|sappia=knows|né=nor|stamattina=this morning|dentista=dentist
avevamo=we had|zio=uncle|vengo=I come|indietro=back|diventando=becoming|dormito=slept|avevano=had|interi=whole
fermato=stopped|dubbio=doubt|emergenza=emergency|giocattolo=toy|cuore=heart|infatti=indeed|franchi=francs
moto=motorbike|torte=cakes|enormi=huge|diritti=rights|certamente=certainly|intere=whole|vostre=your|panini=sandwiches
aeroporto=airport|lavanderia=laundry|creduto=believed|commercio=trade|massimo=maximum|ovunque=everywhere
inghilterra=England|stanotte=tonight|arrabbiati=angry|scaduto=expired|vince=wins|meccanico=mechanic|potrebbero=could
fantastico=fantastic|dagli=from the|assunta=hired|aspettato=waited|benessere=wellbeing|mancato=lacked|massima=maximum
com'=how|nonna=grandmother|saremo=we will be|amato=loved|riuscito=managed|preoccupato=worried|tessera=card
preoccupata=worried|anch'=also|inutile=useless|potevo=I could|pos=card terminal|uso=use|mettendo=putting
preferito=favourite|cinese=Chinese|studiare=study|alcun=any|riviste=magazines|bloccato=blocked|borse=bags
comincia=starts|legale=legal|traffico=traffic|contare=count|contenta=happy|sentiamo=we hear|maggioranza=majority
andati=gone|preoccupati=worried|fossero=were|corpo=body|povero=poor|foto=photo|povera=poor|sbaglio=mistake|lago=lake
teatro=theatre|diceva=said|chiave=key|aperta=open|bancone=counter|continui=continuous|continuo=continuous
alzati=raised|prendi=take|coi=with the|torno=I come back|inutili=useless|entrata=entrance|parcheggio=car park
poveri=poor|montagna=mountains|seguendo=following|rimasto=remained|fotografo=photographer|compleanno=birthday
tagliato=cut|legali=legal|farebbe=would do|aperti=open|scelto=chosen|permettere=allow|avremmo=we would have
appartamento=flat|chiusa=closed|dichiarazione=declaration|manda=sends|serata=evening|stampa=printing|senso=sense
genere=kind|debole=weak|patrimonio=assets|preoccupate=worried|attimo=moment|dimostrare=prove|portando=bringing
salone=salon|aperte=open|chiusi=closed|perciò=so|tornando=coming back|ascoltando=listening to|gira=turns
passando=passing|giocando=playing|nazione=nation|capace=capable|chiuse=closed|ben=well|avremo=we will have|deboli=weak
interessato=interested|quegli=those|università=university|patto=pact|prosciutto=ham|ovest=west|diciamo=we say
alimentare=food|mancia=tip|contadino=farmer|stavamo=we were|seta=silk|paio=couple|andrà=will go|salute=health
ricevute=receipts|inaugurazione=opening|superare=exceed|impiego=job|sopportare=put up with|freddo=cold
bancomat=debit card|passata=passed|parlano=talk|maglione=jumper|americana=American|capaci=capable|massimi=maximum
farmacia=pharmacy|superato=exceeded|parola=word|farla=do it|inoltre=also|contadini=farmers|piedi=feet
psicologo=psychologist|riesce=manages|naturalmente=naturally|macellaio=butcher|uscito=gone out|biologico=organic
mente=mind|molta=much|cellulare=mobile phone|messico=Mexico|vicini=nearby|fortuna=luck|manzo=beef|nonno=grandfather
passati=passed|avrà=will have|amare=love|vorrebbe=would like|pulire=clean|chiamiamo=we call|entrambi=both
crediamo=we believe|competenza=skill|avrebbero=would have|cominciamo=we start|dormendo=sleeping|farei=I would do
proprietaria=owner|tranne=except|sentita=heard|diventata=become|rischiare=risk|domicilio=home|corriere=courier
addetto=worker|buongiorno=good morning|telefonata=phone call|verdure=vegetables|completo=complete|dia=gives
venuti=come|stanca=tired|praticamente=practically|ascoltate=listened to|po'=bit|libreria=bookshop|completa=complete
accanto=next to|portiamo=we bring|tedesco=German|fuoco=fire|tavolo=table|abbiano=have|inviato=sent|farcela=manage
persino=even|trasformazione=transformation|documento=document|architetto=architect|cioe=that is|calze=socks
biblioteca=library|dovrebbero=should|contabile=accountant|trovo=I find|certe=some|recuperare=recover|certi=some
lasciata=left|mondiale=global|caldo=hot|sarebbero=would be|pomeriggio=afternoon|citta=city|colloqui=interviews
partecipare=take part|agire=act|aiutando=helping|preoccupa=worries|presente=present|attenzione=attention
guardati=looked at|veterinario=vet|andremo=we will go|situazione=situation|considerato=considered|metro=underground
contente=happy|motivazione=motivation|orologi=watches|presi=taken|parole=words|verrà=will come|arriviamo=we arrive
cina=China|esistono=exist|sistemato=sorted out|parlo=I talk|credono=believe|resistere=hold out|giocato=played
chiunque=anyone|capisci=you understand|viviamo=we live|magliette=T-shirts|farina=flour|periodo=period|musica=music
tieni=keep|ultimamente=lately|rifiutato=refused|saprei=I would know|piccole=small|tedeschi=German|tessuti=fabrics
pulito=clean|diretto=direct|pesante=heavy|zia=aunt|pulita=clean|dorme=sleeps|idraulico=plumber|trasferito=moved
dirigenti=executives|ricco=rich|ognuno=everyone|cucinare=cook|minimo=minimum|persa=lost|tornate=come back
montagne=mountains|falso=false|fratelli=brothers|studiato=studied|faranno=will do|preparando=preparing
ascoltato=listened to|gioca=plays|privata=private|territorio=area|minima=minimum|ricca=rich|trovate=found
pomodori=tomatoes|entriamo=we enter|borsetta=handbag|parli=you speak|superiore=higher|pesanti=heavy|puliti=clean
ricordato=remembered|registrato=registered|nonostante=despite|falsa=false|cappelli=hats|dovremo=we'll have to
superiori=higher|recente=recent|vivono=live|sembrava=seemed|chiaramente=clearly|falsi=false|inglesi=English
promessa=promise|parecchio=quite a lot|cielo=sky|lasciando=leaving|chiamando=calling|andava=went|aria=air|museo=museum
voce=voice|chiavi=keys|passiamo=we pass|decisamente=definitely|finestra=window|conosci=you know|tornati=come back
complicato=complicated|verita=truth|barbiere=barber|famoso=famous|cane=dog|privati=private|immaginato=imagined
tanta=so much|lasciati=left|stalla=barn|recenti=recent|famosa=famous|giardiniere=gardener|bibita=soft drink|muro=wall
prese=taken|complicata=complicated|congelato=frozen|tipica=typical|desidera=wishes|biologica=organic|eppure=yet
notare=notice|gran=great|propria=own|realta=reality|spagnolo=Spanish|girato=turned|spiega=explains|tengo=I keep
comodo=convenient|visti=seen|gioiello=jewel|cotone=cotton|diretta=direct|verità=truth|purtroppo=unfortunately
tassista=taxi driver|viaggiare=travel|giudicare=judge|puntate=aimed|direttamente=directly|saremmo=we would be
cerco=I look for|italiano=Italian|ringraziare=thank|ricordate=remembered|portate=brought|carica=charge|taglie=sizes
fretta=hurry|piaciuto=liked|coppia=couple|confermato=confirmed|elezioni=elections|scaffale=shelf|alimenti=food
tiene=keeps|comoda=convenient|giappone=Japan|alcuna=any|intenzione=intention|speciale=special|agenzie=agencies
impegnato=busy|cammina=walks|votazione=vote|riguardo=regarding|trovati=found|spiegato=explained|finche=until|nota=note
minimi=minimum|viaggio=trip|stavano=were|ingredienti=ingredients|riuscita=success|sporco=dirty|passate=passed
mance=tips|natura=nature|comodi=convenient|lascio=I leave|bevande=drinks|ministero=ministry|piu'=more|bevuto=drunk
impegnati=busy|rimasta=remained|uguale=same|sporca=dirty|alimentari=grocery|bevanda=drink|uguali=same
fidanzato=boyfriend|occhio=eye|positivo=positive|serra=greenhouse|punta=peak|mettono=put|giochiamo=we play
scrivendo=writing|tenuto=kept|nato=born|volantino=flyer|incarichi=assignments|iniziando=starting|mangiamo=we eat
velocemente=quickly|francesi=French|ricambio=spare part|esperto=expert|debba=must|preciso=precise
controllando=checking|informato=informed|eliminare=remove|positiva=positive|piaceva=liked|sembrato=seemed
complicati=complicated|conosciuti=known|dando=giving|caffetteria=café|vicina=nearby|eccellente=excellent
conferma=confirms|insegnare=teach|coprire=cover|fattorino=delivery person|tantissimo=a lot|tecnologia=technology
riuscire=manage|pero=but|mangiando=eating|grado=degree|parrucchiere=hairdresser|perche'=because
informazioni=information|camicie=shirts|messi=put|alza=raises|dallo=from the|personali=personal|vedremo=we will see
precisa=precise|terreni=land|nipote=nephew or grandchild|positivi=positive|avrò=I will have|acceso=switched on
cercate=looked for|politico=political|metto=I put|lista=list|offre=offers|sugli=on the|dimostrato=proved
trasformato=transformed|amano=love|pescatore=fisherman|trattato=treated|garanzie=guarantees|cene=dinners|freschi=fresh
considerando=considering|difficili=difficult|conoscono=know|gelati=ice creams|considerare=consider|contattare=contact
incredibile=incredible|scrive=writes|dappertutto=everywhere|finora=so far|vento=wind|bibite=soft drinks|alzato=raised
piazza=square|capite=understood|momenti=moments|protetto=protected|rispettare=respect|diamo=we give
rapporto=relationship|occupa=occupies|cittadino=citizen|comunicare=communicate|vini=wines|minoranza=minority
bottega=shop|sorpresa=surprise|facevo=I did|scambio=exchange|malato=ill|sedia=chair|regalato=given away
verdura=vegetables|dolore=pain|preferita=favourite|accendere=switch on|esce=goes out|ricchi=rich|partiamo=we leave
cinesi=Chinese|salva=saves|continuate=continued|fresche=fresh|realtà=reality|ricette=recipes|salvo=except
leggendo=reading|incontrati=met|immagina=imagines|dimentica=forgets|amiamo=we love|fabbro=metalworker
potrà=will be able|notizie=news|impedire=prevent|tirocinante=trainee|posizione=position|compagnia=company
finiti=finished|fidanzata=girlfriend|facilmente=easily|disponibile=available|entrando=entering|luci=lights
venendo=coming|stretto=narrow|pessima=terrible|ragioniere=bookkeeper|commessi=shop assistants|fermata=stop
terribile=terrible|pessimo=terrible|neppure=not even|età=age|stretta=narrow|potremo=we'll be able|tetto=roof
solamente=only|porzione=portion|ricordati=remembered|collina=hills|specialmente=especially|lontana=far|ottenuto=got
compagno=partner|vorrà=will want|guai=trouble|disponibili=available|impiegata=employee|segue=follows|desiderato=wished
omaggi=free gifts|parlate=talked|porte=doors|volevano=wanted|coraggio=courage|sabato=Saturday|peccato=pity
questione=issue|negativo=negative|chiara=clear|mezza=half|guardiamo=we look at|pasticceria=pastry shop|cresciuta=grown
luoghi=places|fossimo=we were|coinvolgere=involve|corretto=correct|sarto=tailor|parti=parts|vale=is worth|pizze=pizzas
chiari=clear|spostato=moved|deluso=disappointed|giardino=garden|negativa=negative|norma=rule|nero=black
cambiando=changing|occupata=busy|scritta=written|chiare=clear|pessimi=terrible|negativi=negative|diventano=become
amiche=friends|delusa=disappointed|avranno=will have|richiesto=requested|scaricato=downloaded|perfino=even
lentamente=slowly|spazio=space|larga=wide|notizia=news|largo=wide|dirci=tell us|liquidazione=liquidation|linea=line
tenga=keeps|coperti=covers|abita=lives|soli=alone|portati=brought|stabilito=established|profumi=perfumes|lavare=wash
fronte=front|orto=vegetable garden|straniero=foreign|funerale=funeral|vuota=empty|troppe=too many|silenzio=silence
domenica=Sunday|confermare=confirm|calma=calm|ricerca=search|pena=penalty|dovevamo=we had to|telefonato=phoned
lettera=letter|vuote=empty|vacanza=holiday|occupate=busy|dovrò=will have to|personalmente=personally|restate=stayed
sullo=on the|dovrà=will have to|sperando=hoping|vuoti=empty|provo=I try|cugino=cousin|entrano=enter|volevamo=we wanted
allevamento=farm|totalmente=totally|funzionando=working|delusi=disappointed|crescendo=growing|ingrediente=ingredient
pericolo=danger|tessere=cards|cambiata=changed|verranno=will come|triste=sad|unito=combined|trovi=you find
assunti=hired|tolto=removed|fissato=set|possibilita=possibility|sbaglia=gets wrong|preferisco=I prefer|coperta=covered
nominato=appointed|trasformare=transform|rallenta=slows down|occupando=occupying|scopre=discovers|autostrada=motorway
vivendo=living|chiarire=clarify|sentono=hear|preparati=prepared|giro d'affari=turnover|piuttosto che=rather than
come mai=why|quanto tempo=how long|che tipo di=what kind of|in modo che=so that|dato che=since|visto che=since
a causa di=because of|grazie a=thanks to|invece di=instead of|al posto di=instead of|oltre a=besides|a meno che=unless
un po'=a bit|ogni tanto=now and then|sempre più=more and more|sempre meno=less and less|di più=more|di meno=less
per esempio=for example|ad esempio=for example|in realtà=actually|in effetti=indeed|per fortuna=luckily
in ogni caso=in any case|in generale=in general|in particolare=in particular|per quanto riguarda=as regards
a livello di=in terms of|in termini di=in terms of|in più=extra|in pratica=basically|prima o poi=sooner or later
più o meno=more or less|al più presto=ASAP|il prima possibile=ASAP|la maggior parte=most|gran parte=most
un sacco di=a lot of|non lo so=I don't know|non so=I don't know|va bene=okay|per favore=please
vicino di casa=neighbour|posti letto=beds|aria condizionata=air conditioning|da asporto=takeaway|a domicilio=at home
consegna a domicilio=home delivery|seconda mano=second-hand|di seconda mano=second-hand
negozio dell'usato=second-hand shop|mercatino dell'usato=second-hand market|centro estetico=beauty salon
agenzia immobiliare=estate agency|agenzia di viaggi=travel agency|centro storico=old town
centro commerciale=shopping centre|vigili del fuoco=fire brigade|pronto soccorso=emergency room
regno unito=United Kingdom|gran bretagna=Great Britain|stati uniti=United States|paesi bassi=Netherlands
agenzia delle entrate=tax office|camera di commercio=chamber of commerce|codice fiscale=tax code
partita iva=VAT number|dichiarazione dei redditi=tax return|conto corrente=current account
carta di credito=credit card|registratore di cassa=cash register|pezzi di ricambio=spare parts|sito web=website
sito internet=website|carta fedeltà=loyalty card|negozio online=online shop|costi fissi=fixed costs
spese fisse=fixed costs|costi variabili=variable costs|punto di pareggio=break-even point|posto di lavoro=job
posti di lavoro=jobs|in rosso=in the red|a rate=in instalments|cassa integrazione=furlough scheme
assemblea dei soci=members' meeting|consiglio direttivo=board|consiglio comunale=city council
orario di lavoro=working hours|tempo determinato=fixed-term|tempo indeterminato=permanent|lavoro nero=undeclared work
in nero=off the books|aumento di stipendio=pay rise|libera professione=self-employment|breve termine=short term
lungo termine=long term|a breve=soon|a lungo=for long|raccolta fondi=fundraising|mi piace=I like|ci piace=we like
mi piacerebbe=I would like|ci piacerebbe=we would like|sta succedendo=is happening|ci vuole=it takes
ci vogliono=it takes|ci sono=there are|non c'è=there is no|c'è bisogno=there is need|ce la facciamo=we manage
non ce la facciamo=we can't cope|mi chiedo=I wonder|ci chiediamo=we wonder|ci occupiamo=we handle|mi occupo=I handle
si occupa=handles|ci rendiamo conto=we realise|mi rendo conto=I realise|tenere conto=take into account
fare fronte=cope|andare avanti=carry on|andiamo avanti=we carry on|va avanti=goes on|portare avanti=carry on
arrivare a fine mese=make ends meet|fine mese=month end|a fine mese=at month end|fare i conti=do the sums
si tratta di=it is about|mi dispiace=I'm sorry|vuol dire=means|a proposito=by the way|nel frattempo=meanwhile
chitarra=guitar|suonare=play|autodidatta=self-taught|pianoforte=piano|violino=violin
`;

/** Portuguese: 1936 entries. */
const PT = `
sobrou=was left over|troca=exchange|troco=change|acordo=agreement|apoio=support|parcela=instalment
renda=income or rent|nestes=in these|nestas=in these|nesses=in those|nessas=in those|período=period
horário=opening hours|horários=opening hours|festas=holidays|família=family|filhos=children|idosos=elderly people
casa=home|garagem=garage|telhado=roof|paredes=walls|piso=floor|pisos=floors|portão=gate|azulejo=tile|azulejos=tiles
refrigerantes=soft drinks|porções=portions|validade=expiry date|sorvete=ice cream|sorveteria=ice cream shop
gelado=ice cream|geladaria=ice cream shop|padaria=bakery|padeiro=baker|pastelaria=pastry shop|açougue=butcher's
talho=butcher's|roupa=clothes|roupas=clothes|usado=used|usada=used|usados=used|usadas=used|brechó=second-hand shop
revenda=resale|revendedor=reseller|tamanhos=sizes|florista=florist|barbearia=barber's|mecânicos=mechanics
eletricista=electrician|pintores=painters|contador=accountant|contabilista=accountant|contabilidade=accounting
artesanato=crafts|artesanal=artisanal|comerciante=shopkeeper|comerciantes=shopkeepers|lojista=shopkeeper
empreendedor=entrepreneur|empreendedores=entrepreneurs|empresário=businessman|empresários=business owners
atendente=attendant|entregador=delivery person|estagiário=intern|estágio=internship|aprendiz=apprentice
empregado=employee|horta=vegetable garden|agrícola=agricultural|turistas=tourists|turismo=tourism|políticas=policies
burocracia=bureaucracy|documentos=documents|formulário=form|certificado=certificate|incentivos=incentives
benefícios=benefits|benefício=benefit|apoios=grants|finanças=finances|recibo=receipt|recibos=receipts
declaração=declaration|rendimento=income|seguro=insurance|seguros=insurance|roubo=theft|furto=theft|danos=damage
parceria=partnership|parceiro=partner|parceiros=partners|associação=association|clube=club|anuidade=annual fee
evento=event|eventos=events|caridade=charity|comunidade=community|voluntariado=volunteering|transferência=transfer
transferências=transfers|pix=instant transfer|boleto=payment slip|boletos=payment slips|cartão=card|cartões=cards
parcelas=instalments|prestação=instalment|prestações=instalments|promoção=promotion|promoções=promotions
ofertas=offers|garantia=guarantee|fornecimento=supply|materiais=materials|ferramentas=tools|peças=parts
prateleiras=shelves|vitrine=shop window|montra=shop window|balcão=counter|clientela=customers|fregueses=customers
folhetos=flyers|fidelidade=loyalty|devolução=return|reembolso=refund|valor=value|quantia=amount|montante=amount
ganhos=earnings|atacado=wholesale|varejo=retail|retalho=retail|franquia=franchise|autônomo=self-employed
autónomo=self-employed|microempresa=small business|ramo=line of business|investidor=investor|investidores=investors
fundo=fund|bens=goods|economia=economy|folga=day off|greve=strike|motivação=motivation|confiança=trust
colega=colleague|colegas=colleagues|patrão=boss|donos=owners|dona=owner|gerência=management|direção=management
presidente=chairman|tesoureiro=treasurer|tesoureira=treasurer|assembleia=general meeting|conselho=advice|ata=minutes|estatuto=statute
votação=vote|maioria=majority|entrevista=interview|currículo=CV|experiência=experience|competências=skills
curso=course|cursos=courses|qualificação=qualification|função=role|funções=duties|credores=creditors
coordenador=coordinator|possíveis=possible|estável=stable|comuns=common|fiel=loyal|fiéis=loyal|complexo=complex
confiável=reliable|consigo=I manage|consegui=I managed|exemplo=example|opinião=opinion|planos=plans|acesso=access
voce=you|vc=you|vcs=you|pq=because|tb=also|tbm=also|nao=not|ta=is|tambem=also|entao=so|tentamos=we try|tentam=try
tentando=trying|tentei=I tried|tentou=tried|chegando=arriving|chegou=arrived|chegaram=arrived|continuar=continue
continua=continues|continuam=continue|usando=using|pagando=paying|pagou=paid|comprado=bought|trabalhando=working
trabalhei=I worked|ganham=earn|ganhando=earning|ganhou=earned|gastando=spending|gastou=spent|levando=taking
deixou=left|chamou=called|falando=talking|falou=talked|pensando=thinking|pensei=I thought|esperando=waiting
ajudou=helped|envia=sends|custou=cost|organizado=organised|aumentando=increasing|mudando=changing|voltar=come back
voltou=came back|funcionando=working|funcionou=worked|entregou=delivered|prepara=prepares|considera=considers
avaliar=assess|criar=create|criou=created|publicar=publish|encontram=find|encontrou=found|fechou=closed|aceitar=accept
aceitou=accepted|recusa=refuses|confirmado=confirmed|contratado=hired|contratou=hired|treinado=trained
cobrando=charging|acabou=finished|começamos=we start|começou=started|procurando=looking for|procurou=looked for
aproveitar=take advantage of|vendendo=selling|vendeu=sold|revender=resell|entendo=I understand
entendemos=we understand|entendi=I understood|atender=serve|atendemos=we serve|recebeu=received|resolvido=solved
desenvolver=develop|ofereceu=offered|permanece=remains|crescendo=growing|decidiu=decided|abriu=opened|exige=demands
coisa=thing|ele=he|bem=well|sim=yes|coisas=things|ela=she|aqui=here|isto=this|estou=I am|certo=right|ser=be|te=you
falar=talk|certa=right|pode=can|vou=I will|há=there is|acho=I think|lá=there|sei=I know|dólares=dollars|estava=was
ter=have|era=was|lugar=place|disse=said|quero=I want|mim=me|sou=I am|mundo=world|saia=skirt|posso=I can|tua=your
jantar=dinner|quê=what|teu=your|comida=food|tão=so|preciso=I need|carro=car|livro=book|obrigado=thank you|sítio=site
vale=is worth|olá=hello|ti=you|és=you are|verdade=truth|nem=nor|alguma=some|dele=his|polícia=police|pai=father
vez=time|área=area|passa=passes|tu=you|pegar=take|peça=part|mãe=mother|estás=you are|olha=look|passar=pass
sério=serious|todo=every|vida=life|entrar=enter|anda=walks|volta=return|senhor=sir|advogado=lawyer|lhe=to him|aí=there
tinha=had|fora=outside|estar=be|disso=of that|ótimo=great|outra=other|comigo=with me|ação=action|ótima=great
fazendo=doing|entrada=entrance|homem=man|pessoas=people|feliz=happy|qualquer=any|acha=thinks|fez=did|dela=her
toda=every|complexa=complex|responsável=responsible|cá=here|carne=meat|vestido=dress|oi=hi|contar=count|queria=wanted
acontecendo=happening|forma=way|gosto=I like|direcção=management|doce=sweet|sinto=I feel|cerveja=beer|seja=is
obrigada=thank you|séria=serious|poderia=could|algum=some|pronto=ready|viver=live|vá=go|vinho=wine|contigo=with you
estrelas=stars|andar=walk|pronta=ready|tirar=take out|importa=matters|errado=wrong|mulher=woman|bolsa=bag|almoço=lunch
pele=skin|filho=son|acabar=finish|procura=looks for|atrás=behind|sabia=knew|olhar=look at|livros=books|errada=wrong
dentro=inside|diga=say|espero=I hope|óptimo=great|aquele=that|ali=there|frente=front|mala=suitcase|sapatos=shoes
calças=trousers|flores=flowers|seria=would be|venha=come|descobrir=discover|caso=case|favor=favour|tamanho=size
aquilo=that|correr=run|cor=colour|conhece=knows|direito=right|viu=saw|amigo=friend|nenhum=no|jornal=newspaper
gente=people|casaco=coat|deixa=leaves|peixe=fish|única=only|deles=their|tenha=has|faça=do|único=only|tal=such
colocar=put|jogo=game|lembra=remembers|fui=I was|vi=I saw|indo=going|partir=leave|bolo=cake|relógio=watch|podem=can
fala=speaks|fiz=I did|sabes=you know|leite=milk|jogar=play|fique=stay|essas=those|ações=actions|chamar=call
podia=could|fundos=funds|beber=drink|tratar=deal with|fosse=were|perto=near|pensa=thinks|rua=street
gostaria=would like|esses=those|arranjar=get|camisa=shirt|aquela=that|carteira=wallet|maior=bigger|estranho=strange
cuidar=take care|ia=was going|homens=men|vais=you go|nisso=in that|chapéu=hat|desta=of this|porco=pork|momento=moment
pessoa=person|neste=in this|votos=votes|sido=been|motorista=driver|estranha=strange|queres=you want|amigos=friends
teus=your|entende=understands|garota=girl|tá=is|secretária=secretary|chamado=called|disto=of this|ovos=eggs
existe=exists|mesma=same|olhando=looking at|pão=bread|dizendo=saying|campo=countryside|página=page|deu=gave
achei=I thought|tipo=type|vejo=I see|irmão=brother|toma=takes|pequeno-almoço=breakfast|ouvir=hear|forte=strong
tive=I had|quiser=wants|podes=you can|prato=dish|avião=plane|ama=loves|veja=see|terminar=finish|feito=done|teve=had
espere=wait|presentes=gifts|ontem=yesterday|exatamente=exactly|morte=death|longe=far|queijo=cheese|passou=passed
minutos=minutes|deste=of this|veio=came|dê=give|entra=enters|teria=would have|óculos=glasses|poder=be able
rapaz=young man|explicar=explain|habilidades=skills|gosta=likes|nenhuma=no|faço=I do|artigo=article|quarto=room
filha=daughter|interessa=interests|lembrar=remember|piscina=swimming pool|tocar=play|agência=agency|desculpa=sorry
moda=fashion|frango=chicken|senhora=madam|malas=suitcases|chama=calls|vendo=seeing|havia=there was|nome=name
revista=magazine|jornais=newspapers|água=water|centro=centre|jornada=working day|nesta=in this|esposa=wife|ouve=hears
linda=beautiful|ficou=ended up|lindo=beautiful|igreja=church|muita=much|despedido=dismissed|garoto=boy|doces=sweets
dormir=sleep|escrever=write|brinde=free gift|controle=control|querido=dear|dessa=of that|vossa=your|desculpe=sorry
eram=were|sendo=being|bastante=quite|pegou=took|mar=sea|certeza=certainty|daqui=from here|academia=gym|libras=pounds
tribunal=court|encontro=meeting|tuas=your|sopa=soup|estrada=road|advogados=lawyers|desse=of that|esquecer=forget
parecer=seem|norte=north|capaz=capable|aprender=learn|tivesse=had|bicicleta=bicycle|digo=I say|vê=sees|moeda=currency
houve=there was|ouvi=I heard|salão=salon|depressa=quickly|babá=nanny|estavam=were|centavos=cents|empregada=employee
perfeito=perfect|açúcar=sugar|livre=free|sozinho=alone|mandar=send|chamada=call|vos=you|bonito=nice|bonita=nice
exactamente=exactly|respeito=respect|lugares=places|funcionar=work|perfeita=perfect|sul=south|perfil=profile
marido=husband|batatas=potatoes|leve=light|nessa=in that|funciona=works|sequer=even|sai=goes out|caixas=cashiers
deveria=should|faculdade=college|entendido=understood|festa=party|mulheres=women|trem=train|entendeu=understood
morreu=died|lado=side|tchau=bye|nesse=in that|pais=parents|contou=counted|possa=can|rio=river|américa=America
nele=in it|vindo=coming|próprio=own|guarda=keeps|irmã=sister|aparecer=show up|vosso=your|irá=will go|levou=took
demitido=dismissed|quis=wanted|bebê=baby|começa=starts|óleo=oil|consegue=manages|programa=programme|flor=flower
esteja=is|fresco=fresh|suco=juice|rapazes=young men|sentir=feel|conselhos=advice|escuta=listens to|verdadeiro=true
verificar=check|sonho=dream|preocupar=worry|olho=eye|iria=would go|sumo=juice|esquece=forgets|terá=will have
achas=you think|conseguiu=managed|verdadeira=true|deixe=leave|ilha=island|criança=child|refeição=meal|ovo=egg
andando=walking|dólar=dollar|portanto=therefore|querida=dear|aqueles=those|bebé=baby|casamento=wedding
gostava=would like|faria=would do|começando=starting|passando=passing|connosco=with us|plantas=plants|abre=opens
tenta=tries|achar=think|ônibus=bus|ideia=idea|páginas=pages|justiça=justice|sala=room|trouxe=brought
biscoitos=biscuits|vive=lives|comboio=train|aonde=where|seguir=follow|discutir=discuss|falamos=we talk|moedas=coins
calça=trousers|olhada=look|finalmente=finally|sapato=shoe|menina=girl|carros=cars|imaginar=imagine|minuto=minute
cêntimos=cents|limpar=clean|trata=deals with|sente=feels|devia=should|pratos=dishes|interessante=interesting
juiz=judge|fico=I stay|tênis=trainers|acaba=finishes|ouviu=heard|comentários=comments|existem=exist|estação=station
cama=bed|jaqueta=jacket|sozinha=alone|velha=old|áreas=areas|triste=sad|nisto=in this|conhecemos=we know
preparar=prepare|recepção=reception|cabeça=head|bebida=drink|estive=I was|salada=salad|estiver=is|própria=own
fazê-lo=do it|arroz=rice|universidade=university|excelente=excellent|pega=takes|objeto=object|parque=park|ambos=both
inglês=English|parecem=seem|lhes=to them|eua=USA|manteiga=butter|ginásio=gym|correndo=running|endereço=address
praia=beach|visto=seen|jóias=jewellery|amar=love|meias=socks|americano=American|haver=be|encontrado=found|esteve=was
tira=takes out|criação=creation|pôr=put|valores=values|mandou=sent|deixando=leaving|navio=ship|estávamos=we were
usa=uses|feira=market|enviar=send|pobre=poor|fiquei=I ended up|passo=step|tecido=fabric|saiu=left|penso=I think
jeito=way|brinquedos=toys|meio=middle|completamente=completely|medo=fear|começo=beginning|andado=walked
esperava=expected|assistir=watch|conosco=with us|agradecer=thank|luz=light|responsáveis=responsible|autocarro=bus
conheço=I know|desistir=give up|história=story|teste=test|chegamos=we arrive|entrou=entered|preparado=prepared
apresentar=present|demorar=take long|simplesmente=simply|conheci=I met|estados=states|contente=happy|igual=same
cima=top|secretário=secretary|pensou=thought|voo=flight|estivesse=were|brinquedo=toy|maneira=way|gado=cattle
controlar=control|vivo=I live|planta=plant|americanos=American|chefes=bosses|jogos=games|fluxo=flow|deixado=left
sobremesa=dessert|política=policy|morto=dead|acabado=finished|mora=lives|levantar=raise|couro=leather|estará=will be
merece=deserves|objetos=objects|dever=duty|caminho=way|toque=touch|língua=language|jogando=playing|corre=runs
ruas=streets|tinham=had|parado=stopped|totalmente=totally|busca=looks for|amiga=friend|peço=I ask|naquela=in that
prontos=ready|pediu=asked|trocar=swap|vestidos=dresses|sorte=luck|dito=said|batata=potato|agir=act|vista=view
achou=thought|toca=plays|desejo=wish|papai=dad|frutas=fruit|necessário=necessary|garçom=waiter|perguntando=asking
estaria=would be|preocupado=worried|comum=common|futuro=future|preocupada=worried|sociedade=company|tio=uncle
frança=France|inglaterra=England|trazer=bring|seguinte=following|ficará=will be|presente=present|morar=live
certamente=certainly|bife=steak|olhos=eyes|lembro=I remember|disseram=said|fizeram=did|visitar=visit|adeus=goodbye
fruta=fruit|colocou=put|consertar=fix|inteiro=whole|inteira=whole|escrito=written|soube=found out|chão=floor
enorme=huge|oeste=west|significa=means|interessado=interested|segura=safe|pensam=think|voltando=coming back|nela=in it
ensinar=teach|acabamos=we finish|necessária=necessary|acredito=I believe|mãos=hands|revistas=magazines|pegamos=we take
ajudando=helping|estudar=study|fazia=did|precisava=needed|diria=would say|ler=read|chamando=calling|alimentos=food
acontecido=happened|encarregado=foreman|idade=age|aeroporto=airport|coração=heart|emergência=emergency|naquele=in that
blusa=blouse|fomos=we were|imediatamente=immediately|tiver=has|ficando=getting|comércio=trade|gostar=like
cervejas=beers|doente=ill|correu=ran|camiseta=T-shirt|lago=lake|né=right|aguentar=cope|corpo=body|aldeia=village
altura=height|montanha=mountain|prefeito=mayor|engenheiro=engineer|desses=of those|chamam=call|direitos=rights
leste=east|entrevistas=interviews|delas=their|menino=boy|perdi=I lost|ganha=earns|sol=sun|cheia=full
garçonete=waitress|pudesse=could|treinador=coach|manda=sends|tirou=took out|mamãe=mum|admitir=admit|felizes=happy
fará=will do|dei=I gave|senhores=gentlemen|terra=land|tivemos=we had|quente=hot|viajar=travel|fizemos=we did
deixa-me=let me|junto=together|refrigerante=soft drink|bolachas=biscuits|aniversário=birthday|comer=eat
lavandaria=laundry|dentista=dentist|teatro=theatre|dando=giving|embaixo=below|apareceu=showed up|lanche=snack
sofrer=suffer|francês=French|usou=used|lavanderia=laundry|segurar=hold|bolos=cakes|corrida=race|tínhamos=we had
garantir=guarantee|assalto=robbery|vivendo=living|visita=visit|tomando=taking|vossos=your|rapariga=girl
teremos=we will have|passamos=we pass|dessas=of those|mão=hand|calma=calm|abaixo=below|enfrentar=face|fale=talk
destes=of these|descobriu=discovered|música=music|mostra=shows|mandado=sent|fresca=fresh|tanta=so much|limpo=clean
envolvido=involved|telemóvel=mobile phone|pegando=taking|guardar=keep|méxico=Mexico|ferramenta=tool|terminou=finished
tendo=having|andam=walk|escreveu=wrote|pensado=thought|saiba=knows|velhos=old|simpático=friendly|contando=counting
arriscar=risk|entrando=entering|apartamento=flat|aquelas=those|banheiro=bathroom|ouvindo=hearing|pensamos=we think
faremos=we will do|simpática=friendly|puder=can|fazes=you do|máximo=maximum|mundial=global|mecânico=mechanic|más=bad
tenham=have|menor=smaller|esqueceu=forgot|aparece=shows up|apesar=despite|além=besides|quão=how|serão=will be
força=strength|transformação=transformation|feijão=beans|devolver=return|deseja=wishes|perguntou=asked|bebe=drinks
conhecido=known|montanhas=mountains|frio=cold|namorada=girlfriend|uso=use|chave=key|permitir=allow|levado=taken
voltamos=we come back|máxima=maximum|namorado=boyfriend|falei=I talked|fronteira=border|afinal=after all
devias=you should|idéia=idea|mentira=lie|rico=rich|criador=creator|destas=of these|precisas=you need|checar=check
vossas=your|alemães=German|cumprir=meet|conhecida=known|parou=stopped|fotógrafo=photographer|vejam=see|volte=come back
tirando=taking out|gostei=I liked|encontrei=I found|comprou=bought|encontra=finds|foste=you were|jamais=never
exceto=except|estavas=you were|apostar=bet|telefonar=phone|pena=pity|rica=rich|dirigindo=driving|lanchonete=snack bar
escutar=listen to|devagar=slowly|acham=think|farmácia=pharmacy|bebendo=drinking|acima=above|celular=mobile phone
falam=talk|sentindo=feeling|supermercado=supermarket|venham=come|trabalhador=worker|café=coffee|podíamos=we could
alemanha=Germany|assumir=take on|prazer=pleasure|época=season|tocando=playing|muda=changes|ficaria=would be
alemão=German|meninas=girls|culpa=fault|tomou=took|algodão=cotton|saúde=health|dá-me=give me|daquele=of that
refeições=meals|interesse=interest|cozinhar=cook|dividir=split|aberta=open|senão=otherwise|avó=grandmother
conheceu=met|trás=back|vila=town|americana=American|terminamos=we finish|queira=want|planear=plan|prateleira=shelf
maiores=bigger|volto=I come back|coloca=puts|acabei=I finished|especialmente=especially|cansada=tired
gelados=ice creams|congelado=frozen|antiga=old|jogador=player|pedi=I asked|áfrica=Africa|conhecem=know|resta=remains
aguenta=copes|fecha=closes|poderá=will be able|superar=overcome|cuidando=taking care|incrível=incredible
daquela=of that|índia=India|paz=peace|assistindo=watching|joias=jewellery|bolsas=bags|preocupa=worries|escolheu=chose
pense=think|joga=plays|falado=talked|pintor=painter|gorjeta=tip|confirmar=confirm|tia=aunt|conversar=talk
tecnologia=technology|infelizmente=unfortunately|dura=lasts|tratado=dealt with|dou=I give|palavra=word|repetir=repeat
demasiado=too much|sejam=are|biblioteca=library|soma=sum|apresenta=presents|treino=training|parada=stop
esquecido=forgotten|põe=puts|ponto=point|partida=match|consegues=you can|entendendo=understanding|janela=window
traga=bring|criado=created|complicado=complicated|camisas=shirts|lixo=rubbish|participar=take part|filme=film
computador=computer|iremos=we will go|tente=try|aceita=accepts|louco=crazy|enviou=sent|estacionamento=parking
diz-me=tell me|morada=address|pensava=thought|moto=motorbike|dado=given|avô=grandfather|especial=special|marcar=book
inútil=useless|dizia=said|complicada=complicated|tomate=tomato|prefiro=I prefer|fiquem=stay|obviamente=obviously
haverá=there will be|fogo=fire|parecido=similar|exato=exact|chamamos=we call|larga=wide|amamos=we love|resto=rest
boné=cap|vivemos=we live|sob=under|ar=air|abrigo=shelter|completo=complete|inauguração=opening|museu=museum
falso=false|completa=complete|atingido=reached|útil=useful|pude=I could|ido=gone|vivem=live|cafeteria=café|falsa=false
gostou=liked|fortes=strong|sentido=sense|peguei=I took|traz=brings|atenção=attention|importar=import|deixamos=we leave
ingredientes=ingredients|televisão=television|segurando=holding|arquiteto=architect|agindo=acting|alimentação=food
irmãos=siblings|falido=bankrupt|acompanhar=follow|porto=port|chegado=arrived|explica=explains|exata=exact|irão=will go
colocando=putting|façam=do|largo=wide|planejando=planning|falo=I talk|cidades=cities|relógios=watches
pousada=guesthouse|agências=agencies|viram=saw|garantias=guarantees|jogou=played|aposta=bets|usam=use|após=after
farinha=flour|administrador=director|bebidas=drinks|pequenas=small|tentado=tried|escrevendo=writing|clara=clear
psicólogo=psychologist|preparando=preparing|pé=foot|miúda=girl|confortável=comfortable|amado=loved|pedindo=asking
conseguia=managed|fraco=weak|tantas=so many|cobrir=cover|famoso=famous|veterinário=vet|imagina=imagines|miúdo=kid
tinhas=you had|fizer=does|parecia=seemed|mesmos=same|vês=you see|vieram=came|terminado=finished|cuida=takes care
registro=record|arranja=gets|demora=takes long|famosa=famous|descobrimos=we discover|corta=cuts|livraria=bookshop
situação=situation|fraca=weak|japão=Japan|abra=open|tido=had|passeio=outing|fato=fact|recebendo=receiving
acabando=finishing|trânsito=traffic|questão=issue|considerando=considering|relação=relationship|limpa=clean
escolha=choice|ocupada=busy|considerar=consider|vimos=we saw|poderiam=could|mostrou=showed|cão=dog|açougueiro=butcher
rússia=Russia|permite=allows|cabelo=hair|durar=last|lã=wool|trabalhou=worked|biológico=organic|enviado=sent
engraçado=funny|facto=fact|difíceis=difficult|recolher=collect|palavras=words|meninos=boys|mente=mind
contactar=contact|sujo=dirty|jardineiro=gardener|ensinou=taught|proprietários=owners|itália=Italy|esperem=wait
porção=portion|panfletos=flyers|notícias=news|envolver=involve|suja=dirty|vinhos=wines|chinês=Chinese|contado=counted
termina=finishes|gostam=like|adiantamento=advance|possamos=we can|conseguem=manage|parede=wall|grupo=group|salvar=save
casacos=coats|colocado=put|rosto=face|viagem=trip|serve=serves|privado=private|vontade=will|antigos=old|dor=pain
eliminar=remove|foto=photo|conversa=conversation|natureza=nature|tipos=types|faltando=lacking|pessoalmente=personally
privada=private|tecidos=fabrics|virá=will come|enfim=anyway|existir=exist|éramos=we were|li=I read|devíamos=we should
voz=voice|desejar=wish|ajude=help|lista=list|escolhido=chosen|iguais=same|partiu=left|digitais=digital|dum=of a
pesado=heavy|chaves=keys|pescador=fisherman|sabendo=knowing|passam=pass|perdendo=losing|tô=I am|pareceu=seemed
apoiar=support|modo=way|encanador=plumber|pesada=heavy|atende=serves|linha=line|mínimo=minimum|grávida=pregnant
breve=brief|mínima=minimum|chateado=upset|espanhol=Spanish|cadeira=chair|alojamento=accommodation|emprego=job
chateada=upset|andamos=we walk|trator=tractor|informar=inform|dano=damage|sofrendo=suffering|amam=love|tiveram=had
planejado=planned|parecendo=seeming|levanta=raises|próprios=own|assunto=subject|ouvido=heard|planeado=planned
político=political|mandando=sending|descoberto=discovered|recebido=received|graças=thanks|aprendeu=learnt|pego=I take
patrões=bosses|ordem=order|estaremos=we will be|reconhece=recognises|jogada=move|jogadores=players|moça=young woman
íamos=we were going|má=bad|mercearia=grocery|legumes=vegetables|casas=houses|daria=would give|provas=evidence
mostrando=showing|formar=train|bocado=bit|multibanco=cash machine|chame=call|agricultura=agriculture|posto=post
começam=start|escutando=listening to|pobres=poor|surpresa=surprise|miúdos=kids|trato=I deal with|duma=of a|deram=gave
reconhecer=recognise|camisetas=T-shirts|fantástico=fantastic|querendo=wanting|substituir=replace|deixei=I left
percebo=I understand|voltado=come back|feio=ugly|convencido=convinced|ultimamente=lately|veremos=we will see
viajando=travelling|podiam=could|feia=ugly|povo=people|trocas=exchanges|fechada=closed|emprestado=lent|vento=wind
continuamos=we continue|taxista=taxi driver|livres=free|mudado=changed|escreve=writes|banca=stall|feita=done
decidido=decided|informação=information|entramos=we enter|olhou=looked at|descobre=discovers|verá=will see
caseiro=homemade|estrangeiro=foreign|servir=serve|venho=I come|fotos=photos|juntas=together|terão=will have
escolhe=chooses|arquitecto=architect|canalizador=plumber|débito=debit|organizar=organise|ricos=rich
expediente=working hours|colocamos=we put|péssimo=terrible|entendem=understand|claramente=clearly|estudo=study
péssima=terrible|passei=I passed|ficaram=ended up|cantina=canteen|minoria=minority|iam=were going|carta=letter
estudando=studying|imaginando=imagining|decide=decides|esqueci=I forgot|quisesse=wanted|portas=doors|divertido=fun
imobiliária=estate agency|achava=thought|tocou=played|valeu=was worth|proibido=forbidden|barbeiro=barber|calor=heat
viemos=we came|piores=worse|liquidação=clearance sale|hipótese=chance|jantares=dinners|seguindo=following
entregue=delivered|adega=wine cellar|prova=proof|caseira=homemade|percebi=I realised|possui=owns|queriam=wanted
gorjetas=tips|luzes=lights|capazes=capable|ganho=gain|jogado=played|documento=document|contato=contact
criando=creating|notar=notice|campeonato=league|comunicar=communicate|preparada=prepared|emprestar=lend|dirige=drives
frescos=fresh|incluindo=including|jardim=garden|políticos=politicians|fazendas=farms|morando=living|eleições=elections
saí=I left|sozinhos=alone|bombeiros=fire brigade|rede=network|anterior=previous|momentos=moments|bicicletas=bicycles
vinha=came|sentiu=felt|considerado=considered|saldo=balance|estejam=are|anúncio=advert|pede=asks|operários=workers
estufa=greenhouse|haja=there is|arranjou=got|entretanto=meanwhile|cidadão=citizen|parceira=partner|informado=informed
casal=couple|atrasada=delayed|convite=invitation|pôde=could|chuva=rain|preparados=prepared|fossem=were
directamente=directly|sábado=Saturday|cupons=coupons|disponível=available|comprando=buying|basicamente=basically
orgânico=organic|neles=in them|armário=cupboard|urgente=urgent|congelados=frozen|sofreu=suffered|permitido=allowed
segredo=secret|negativo=negative|distribuidor=distributor|frescas=fresh|patrimônio=assets|metrô=underground
ministério=ministry|controlo=control|respondeu=answered|pessoais=personal|posição=position|terminando=finishing
acessórios=accessories|domingo=Sunday|unir=unite|bonitas=nice|tomado=taken|discutindo=discussing|pães=bread
chineses=Chinese|primo=cousin|tirado=taken out|paramos=we stop|praticamente=practically|efetivo=permanent
contacto=contact|negativa=negative|cabeleireiro=hairdresser|ajudado=helped|houver=there is|chegada=arrival
potencial=potential|tratamos=we deal with|positivo=positive|aprendendo=learning|somente=only|técnica=technique
ambas=both|estrangeiros=foreigners|saída=exit|tempestade=storm|seremos=we will be|levamos=we take|andou=walked
próprias=own|ilhas=islands|praça=square|enviando=sending|proprietária=owner|vêem=see|alfaiate=tailor|certas=certain
controlado=controlled|amigas=friends|positiva=positive|lanches=snacks|ando=I walk|saberia=would know
satisfeito=satisfied|perigo=danger|fizesse=did|neve=snow|coberto=covered|partindo=leaving|abrindo=opening|ligação=call
aceite=accepted|diferença=difference|ficado=stayed|raparigas=girls|trabalhado=worked|pés=feet|pôs=put|cachorro=dog
facilmente=easily|trabalhadora=worker|quiserem=want|cheguei=I arrived|esquerda=left|demitidos=dismissed|dará=will give
botar=put|satisfeita=satisfied|confiar=trust|acabam=finish|mudam=change|destino=destination|funcionam=work
estradas=roads|licenciatura=degree|diretamente=directly|basta=enough|cortou=cut|tomamos=we take|vazia=empty
século=century|a gente=we|todo mês=every month|todo dia=every day|todo ano=every year|toda semana=every week
todos os dias=every day|todos os meses=every month|todos os anos=every year|todo o mundo=everyone
toda a gente=everyone|ou seja=that is|isto é=that is|quer dizer=I mean|por exemplo=for example|ao lado=next to
no entanto=however|mesmo assim=even so|apesar de=despite|sempre que=whenever|cada vez mais=more and more
cada vez menos=less and less|outra vez=again|de vez em quando=now and then|por vezes=sometimes|pelo menos=at least
no máximo=at most|mais ou menos=more or less|de verdade=really|na verdade=actually|muito bem=very well|por que=why
por quê=why|ainda não=not yet|de repente=suddenly|hoje em dia=nowadays|a partir de=from|em vez de=instead of
ao invés de=instead of|por causa de=because of|por isso=so|graças a=thanks to|além de=besides|além disso=besides
antes de=before|depois de=after|a não ser que=unless|desde que=as long as|já que=since|uma vez que=since
para que=so that|não sei=I don't know|com certeza=certainly|de qualquer forma=anyway|em geral=in general
em particular=in particular|em relação a=regarding|no momento=at the moment|neste momento=right now
por enquanto=for now|até agora=so far|até hoje=to date|há muito tempo=for long|o mais rápido possível=ASAP
o quanto antes=ASAP|a maioria=most|a maior parte=most|um pouco=a little|um monte de=a lot of|por favor=please
dias úteis=working days|alta temporada=high season|baixa temporada=low season|época alta=high season
meio ambiente=environment|casa de banho=bathroom|ar condicionado=air conditioning|conta de luz=electricity bill
café da manhã=breakfast|empregado de mesa=waiter|para viagem=takeaway|segunda mão=second-hand
em segunda mão=second-hand|loja de ferragens=hardware shop|salão de beleza=beauty salon
posto de gasolina=petrol station|alojamento local=holiday rental|centro comercial=shopping centre
presidente da câmara=mayor|junta de freguesia=parish council|estados unidos=United States|reino unido=United Kingdom
países baixos=Netherlands|receita federal=tax office|nota fiscal=invoice|recibos verdes=freelance invoices
declaração de impostos=tax return|angariação de fundos=fundraising|banco alimentar=food bank
conta corrente=current account|cartão de crédito=credit card|boca a boca=word of mouth|cartão fidelidade=loyalty card
loja online=online shop|custos fixos=fixed costs|custos variáveis=variable costs|ponto de equilíbrio=break-even point
pequenas empresas=small businesses|negócio próprio=own business|mercado de trabalho=labour market
carteira assinada=formal employment|horário de trabalho=working hours|assembleia geral=general meeting
salário mínimo=minimum wage|décimo terceiro=13th-month salary|aumento salarial=pay rise|no vermelho=in the red
pagamento adiantado=advance payment|à vista=upfront|a prazo=on credit|em dinheiro=in cash|em prestações=in instalments
cheio de=full of|vai ser=will be|gosto de=I like|acho que=I think|precisamos de=we need|preciso de=I need
para trás=back|a respeito de=about|em breve=soon|devido a=due to|se calhar=maybe|folha de cálculo=spreadsheet
dia a dia=day-to-day|tempo livre=free time|tenho de=I have to|temos de=we have to|tem de=has to
`;

/** The everyday words of each glossed language ("word=English|…" lines). */
export const EVERYDAY: Record<GeneralLanguage, string> = { fr: FR, es: ES, de: DE, nl: NL, it: IT, pt: PT };
